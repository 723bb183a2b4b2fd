import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { citizenReportPath, HONEYPOT_FIELD, type CitizenForm, type CitizenNearby } from '@mamoudzou/domain/citizen-page';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { insideCommune } from '@mamoudzou/domain/territory';
import { fileReport, follow, nearby, Refused, Unreachable } from './api';
import { CategoryPicture } from './icons';
import { t } from './messages';
import { rememberReport } from './mine';
import { enqueue } from './queue';
import { resizePhoto } from './resize';

const SignalerMap = lazy(() => import('./SignalerMap'));

type Point = { lat: number; lng: number };
type Errors = Partial<Record<'category' | 'place' | 'description' | 'email' | 'photos', string>>;
type Outcome = { kind: 'sent'; reference: string } | { kind: 'queued' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/** « Déjà signalé ? »: one nearby report, with « Je suis concerné aussi » and an optional e-mail for its news. */
function NearbyItem({ report, ticket, onFollowed }: { report: CitizenNearby; ticket: () => Promise<string>; onFollowed: (reference: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' | 'error'; message?: string }>({ kind: 'idle' });
  const id = useId();
  const confirm = async () => {
    if (email && !isEmailAddress(email.trim())) return setState({ kind: 'error', message: t.contact.emailInvalid });
    setState({ kind: 'sending' });
    try {
      const answer = await follow(report.service_request_id, email.trim(), await ticket(), '');
      rememberReport(report.service_request_id, 'followed');
      setState({ kind: 'done', message: answer.message });
      onFollowed(report.service_request_id);
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Refused ? error.message : t.error });
    }
  };
  return (
    <li className="nearby-item">
      <p className="nearby-title">
        <strong>{t.nearby.item(report.service_request_id, report.distance)}</strong>
        {report.address ? <span> · {report.address}</span> : null}
        {report.requested_datetime ? <span> · {t.nearby.since(t.date(report.requested_datetime))}</span> : null}
      </p>
      <p className="actions">
        <a className="button secondary" href={citizenReportPath(report.service_request_id)}>
          {t.nearby.view}
          <span className="visually-hidden"> {report.service_request_id}</span>
        </a>
        {state.kind !== 'done' && !asking ? (
          <button type="button" className="button" onClick={() => setAsking(true)}>
            {t.nearby.follow}
          </button>
        ) : null}
      </p>
      {asking && state.kind !== 'done' ? (
        <div className="follow">
          <label htmlFor={`${id}-email`}>{t.contact.email} (facultatif)</label>
          <p className="hint" id={`${id}-help`}>
            {t.contact.emailHelp}
          </p>
          <input id={`${id}-email`} type="email" autoComplete="email" inputMode="email" value={email} aria-describedby={`${id}-help`} onChange={(event) => setEmail(event.target.value)} />
          <button type="button" className="button" disabled={state.kind === 'sending'} onClick={() => void confirm()}>
            {state.kind === 'sending' ? t.nearby.following : t.nearby.follow}
          </button>
        </div>
      ) : null}
      {state.message ? (
        <p className={state.kind === 'error' ? 'error' : 'success'} role={state.kind === 'error' ? 'alert' : 'status'}>
          {state.message}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The form a resident fills on a phone: the kind of problem (the settings' categories and their pictures), the
 * place (the phone's position, asked only after saying why; a tap or a drag corrects it; or an address typed),
 * a description, photos (resized here), optional contact details with what the town does with them. Before
 * sending, « Déjà signalé ? » offers the open reports of the type nearby. Offline, or when the sending fails, the
 * report waits on the phone and goes by itself later, once.
 */
export function ReportForm({ form, receivedAt, online }: { form: CitizenForm; receivedAt: number; online: boolean }) {
  const [category, setCategory] = useState('');
  const [subType, setSubType] = useState('');
  const [point, setPoint] = useState<Point | null>(null);
  const [showMap, setShowMap] = useState(false);
  const [geo, setGeo] = useState<'idle' | 'locating' | 'located' | 'denied'>('idle');
  const [address, setAddress] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<{ blob: Blob; url: string }[]>([]);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState<'' | 'wait' | 'send'>('');
  const [failure, setFailure] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [near, setNear] = useState<CitizenNearby[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const service = form.services.find((s) => s.service_code === category);
  // A field's error goes as soon as the field changes.
  const clear = (field: keyof Errors) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const outside = point ? !insideCommune(point.lat, point.lng) : false;

  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.url)), [photos]);

  // « Déjà signalé ? » as soon as the kind and the point are known.
  useEffect(() => {
    if (!category || !point || !online || outside) return setNear([]);
    let current = true;
    const timer = setTimeout(() => {
      nearby(category, point.lat, point.lng).then((list) => current && setNear(list), () => current && setNear([]));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [category, point, online, outside]);

  useEffect(() => {
    if (outcome) done.current?.focus();
  }, [outcome]);

  const locate = () => {
    setShowMap(true);
    if (!('geolocation' in navigator)) return setGeo('denied');
    setGeo('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPoint({ lat: position.coords.latitude, lng: position.coords.longitude });
        setGeo('located');
        clear('place');
      },
      () => setGeo('denied'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const room = form.photos.max - photos.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    let error = files.length > room ? t.photos.tooMany(form.photos.max) : '';
    const added: { blob: Blob; url: string }[] = [];
    for (const file of chosen) {
      try {
        const blob = await resizePhoto(file);
        if (blob.size > form.photos.maxMegabytes * 1024 * 1024) error = t.photos.tooBig(form.photos.maxMegabytes);
        else added.push({ blob, url: URL.createObjectURL(blob) });
      } catch {
        error = t.photos.unreadable;
      }
    }
    setPhotos((current) => [...current, ...added]);
    setErrors((current) => ({ ...current, photos: error || undefined }));
    if (photoInput.current) photoInput.current.value = '';
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!service) found.category = t.category.required;
    if ((!point || outside) && !address.trim()) found.place = outside ? t.place.outside : t.place.required;
    if (!description.trim()) found.description = t.details.required;
    if (email.trim() && !isEmailAddress(email.trim())) found.email = t.contact.emailInvalid;
    return found;
  };

  const fields = (): Record<string, string> => {
    const [first, ...rest] = name.trim().split(/\s+/);
    return {
      service_code: category,
      ...(subType ? { 'attribute[sous_type]': subType } : {}),
      ...(point && !outside ? { lat: point.lat.toFixed(6), long: point.lng.toFixed(6) } : {}),
      ...(address.trim() ? { address_string: address.trim() } : {}),
      description: description.trim(),
      ...(first ? { first_name: first } : {}),
      ...(rest.length ? { last_name: rest.join(' ') } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      [HONEYPOT_FIELD]: honeypot,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length) {
      summary.current?.focus();
      return;
    }
    const key = newKey();
    const values = fields();
    const blobs = photos.map((photo) => photo.blob);
    const queue = async () => {
      await enqueue({ key, fields: values, photos: blobs, ticket: form.ticket, ticketAt: receivedAt, createdAt: Date.now() });
      setOutcome({ kind: 'queued' });
    };
    if (!online || receivedAt === 0) return queue();
    // The backend counts the filling time from the ticket: a person this quick waits the last seconds here.
    const wait = receivedAt + (form.minimumFillSeconds + 1) * 1000 - Date.now();
    if (wait > 0) {
      setSending('wait');
      await sleep(wait);
    }
    setSending('send');
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const filed = await fileReport({ ...values, ticket: form.ticket }, blobs, key);
          rememberReport(filed.service_request_id, 'filed');
          setOutcome({ kind: 'sent', reference: filed.service_request_id });
          return;
        } catch (error) {
          if (error instanceof Refused && error.status === 429 && error.retryAfter !== undefined && error.retryAfter <= 30 && attempt < 2) {
            await sleep(error.retryAfter * 1000);
            continue;
          }
          throw error;
        }
      }
    } catch (error) {
      // The network failed (even while the browser says it is online), or the server could not answer now: it waits here.
      if (error instanceof Unreachable || (error instanceof Refused && error.status >= 500)) return queue();
      setFailure(error instanceof Refused ? error.message : t.error);
      summary.current?.focus();
    } finally {
      setSending('');
    }
  };

  const ticket = async () => {
    const wait = receivedAt + (form.minimumFillSeconds + 1) * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    return form.ticket;
  };

  const errorList = useMemo(() => Object.values(errors).filter(Boolean), [errors]);

  if (outcome) {
    return (
      <section ref={done} tabIndex={-1} className="panel done" aria-labelledby="done-title">
        {outcome.kind === 'sent' ? (
          <>
            <h2 id="done-title">{t.sent.title}</h2>
            <p className="reference">{t.sent.reference(outcome.reference)}</p>
            <p>{t.sent.moderation}</p>
            <p className="actions">
              <a className="button" href={citizenReportPath(outcome.reference)}>
                {t.sent.follow}
              </a>
              <a className="button secondary" href="/signaler">
                {t.sent.another}
              </a>
            </p>
          </>
        ) : (
          <>
            <h2 id="done-title">{t.queued.title}</h2>
            <p>{t.queued.text}</p>
            <p className="actions">
              <a className="button secondary" href="/signaler">
                {t.sent.another}
              </a>
            </p>
          </>
        )}
      </section>
    );
  }

  const invalid = (field: keyof Errors) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {});
  return (
    <form className="report-form" onSubmit={(event) => void submit(event)} noValidate>
      <div ref={summary} tabIndex={-1} className="summary">
        {errorList.length || failure ? (
          <div role="alert" className="error-box">
            <p>{failure || t.fixErrors}</p>
            {errorList.length ? (
              <ul>
                {errorList.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      <fieldset className="panel">
        <legend>{t.category.legend}</legend>
        <div className="categories" {...(errors.category ? { 'aria-describedby': 'category-error' } : {})}>
          {form.services.map((s) => (
            <label key={s.service_code} className={`category${category === s.service_code ? ' chosen' : ''}`}>
              <input type="radio" name="service_code" value={s.service_code} checked={category === s.service_code} onChange={() => (setCategory(s.service_code), setSubType(''), clear('category'))} />
              <CategoryPicture icon={s.icon} />
              <span>{s.service_name}</span>
            </label>
          ))}
        </div>
        {errors.category ? (
          <p className="error" id="category-error">
            {errors.category}
          </p>
        ) : null}
        {service && service.sub_types.length ? (
          <div className="field">
            <label htmlFor="sub-type">{t.category.subType}</label>
            <select id="sub-type" value={subType} onChange={(event) => setSubType(event.target.value)}>
              <option value="">{t.category.subTypeNone}</option>
              {service.sub_types.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="panel">
        <legend>{t.place.legend}</legend>
        <p className="hint" id="locate-explain">
          {t.place.explain}
        </p>
        <p className="actions">
          <button type="button" className="button" onClick={locate} aria-describedby="locate-explain" disabled={geo === 'locating'}>
            {t.place.locate}
          </button>
          {!showMap ? (
            <button type="button" className="button secondary" onClick={() => setShowMap(true)}>
              {t.place.pickOnMap}
            </button>
          ) : null}
        </p>
        <p role="status" className="hint">
          {geo === 'locating' ? t.place.locating : geo === 'located' ? t.place.located : geo === 'denied' ? t.place.denied : ''}
        </p>
        {showMap ? (
          <Suspense fallback={<div className="map map-loading" />}>
            {online || point ? <SignalerMap point={point} provider={form.mapProvider} label={t.place.mapLabel} onPick={(picked) => (setPoint(picked), clear('place'), setGeo((g) => (g === 'denied' ? 'idle' : g)))} /> : <p className="hint">{t.place.mapUnavailable}</p>}
          </Suspense>
        ) : null}
        {point ? <p className="hint">{t.place.point(point.lat, point.lng)}</p> : null}
        {outside ? <p className="error">{t.place.outside}</p> : null}
        <div className="field">
          <label htmlFor="address">{t.place.address}</label>
          <p className="hint" id="address-help">
            {t.place.addressHelp}
          </p>
          <input id="address" type="text" autoComplete="street-address" maxLength={300} value={address} onChange={(event) => (setAddress(event.target.value), clear('place'))} aria-describedby={errors.place ? 'address-help place-error' : 'address-help'} aria-invalid={errors.place ? true : undefined} />
          {errors.place ? (
            <p className="error" id="place-error">
              {errors.place}
            </p>
          ) : null}
        </div>
      </fieldset>

      {near.length ? (
        <section className="panel nearby" aria-labelledby="nearby-title">
          <h2 id="nearby-title">{t.nearby.title}</h2>
          <p>{t.nearby.intro(form.duplicateRadiusMeters)}</p>
          <ul>
            {near.map((report) => (
              <NearbyItem key={report.service_request_id} report={report} ticket={ticket} onFollowed={() => undefined} />
            ))}
          </ul>
        </section>
      ) : null}

      <fieldset className="panel">
        <legend>{t.details.legend}</legend>
        <div className="field">
          <label htmlFor="description">{t.details.description}</label>
          <p className="hint" id="description-help">
            {t.details.descriptionHelp}
          </p>
          <textarea id="description" rows={4} maxLength={4000} value={description} onChange={(event) => (setDescription(event.target.value), clear('description'))} aria-describedby={errors.description ? 'description-help description-error' : 'description-help'} aria-invalid={errors.description ? true : undefined} />
          {errors.description ? (
            <p className="error" id="description-error">
              {errors.description}
            </p>
          ) : null}
        </div>
      </fieldset>

      {form.photos.max > 0 ? (
        <fieldset className="panel">
          <legend>{t.photos.legend}</legend>
          <p className="hint" id="photos-help">
            {t.photos.help(form.photos.max, form.photos.maxMegabytes)}
          </p>
          {photos.length ? (
            <ul className="photos">
              {photos.map((photo, index) => (
                <li key={photo.url}>
                  <img src={photo.url} alt={t.photos.alt(index + 1)} width="96" height="96" />
                  <button type="button" className="button secondary" onClick={() => setPhotos((current) => current.filter((p) => p !== photo))}>
                    {t.photos.remove(index + 1)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < form.photos.max ? (
            <label className="button secondary file">
              {t.photos.add}
              <input ref={photoInput} type="file" accept="image/*" capture="environment" multiple aria-describedby="photos-help" onChange={(event) => void addPhotos(event.target.files)} />
            </label>
          ) : null}
          {errors.photos ? (
            <p className="error" role="alert">
              {errors.photos}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className="panel">
        <legend>{t.contact.legend}</legend>
        <div className="field">
          <label htmlFor="name">{t.contact.name}</label>
          <input id="name" type="text" autoComplete="name" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="email">{t.contact.email}</label>
          <p className="hint" id="email-help">
            {t.contact.emailHelp}
          </p>
          <input id="email" type="email" autoComplete="email" inputMode="email" maxLength={254} value={email} onChange={(event) => (setEmail(event.target.value), clear('email'))} {...invalid('email')} aria-describedby={errors.email ? 'email-help email-error' : 'email-help'} />
          {errors.email ? (
            <p className="error" id="email-error">
              {errors.email}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="phone">{t.contact.phone}</label>
          <input id="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={40} value={phone} onChange={(event) => setPhone(event.target.value)} />
        </div>
        <div className="privacy">
          <h3>{t.contact.privacyTitle}</h3>
          {t.contact.privacy(form.retentionDays, form.town.name).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div className="trap" aria-hidden="true">
          <label htmlFor={HONEYPOT_FIELD}>{t.honeypot}</label>
          <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(event) => setHoneypot(event.target.value)} />
        </div>
      </fieldset>

      <p className="send">
        <button type="submit" className="button primary" disabled={sending !== ''}>
          {sending === 'wait' ? t.waitFill : sending === 'send' ? t.sending : t.send}
        </button>
      </p>
    </form>
  );
}
