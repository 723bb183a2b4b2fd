import { lazy, Suspense, useEffect, useState } from 'react';
import { citizenReportPath, REPAIR_ANSWERS, type CitizenReportPage, type RepairAnswer } from '@mamoudzou/domain/citizen-page';
import { normalizeReference } from '@mamoudzou/domain/open311';
import { answerRepair, Refused, reportPage, Unreachable } from './api';
import { t } from './messages';

const SignalerMap = lazy(() => import('./SignalerMap'));

/** « Est-ce réparé ? » from a mail's link: nothing is done until the resident confirms (a mail scanner opens links too). */
function RepairQuestion({ token, answer, onAnswered }: { token: string; answer: RepairAnswer; onAnswered: () => void }) {
  const [state, setState] = useState<{ kind: 'ask' | 'sending' | 'done' | 'error'; message?: string }>({ kind: 'ask' });
  const confirm = async () => {
    setState({ kind: 'sending' });
    try {
      const answered = await answerRepair(token, answer);
      setState({ kind: 'done', message: answered.message });
      onAnswered();
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Refused ? error.message : t.error });
    }
  };
  return (
    <section className="panel repair" aria-labelledby="repair-title">
      <h2 id="repair-title">{t.repair.title}</h2>
      {state.kind === 'done' || state.kind === 'error' ? (
        <p className={state.kind === 'error' ? 'error' : 'success'} role={state.kind === 'error' ? 'alert' : 'status'}>
          {state.message}
        </p>
      ) : (
        <>
          <p>{answer === 'oui' ? t.repair.askYes : t.repair.askNo}</p>
          <p className="actions">
            <button type="button" className="button primary" disabled={state.kind === 'sending'} onClick={() => void confirm()}>
              {state.kind === 'sending' ? t.repair.sending : answer === 'oui' ? t.repair.confirmYes : t.repair.confirmNo}
            </button>
          </p>
        </>
      )}
    </section>
  );
}

/** A reference typed by hand (« mz-2026-42 »): its page. */
export function FindReport() {
  const [value, setValue] = useState('');
  return (
    <form
      className="panel find"
      onSubmit={(event) => {
        event.preventDefault();
        const reference = normalizeReference(value);
        if (reference) window.location.assign(citizenReportPath(reference));
      }}
    >
      <h2>{t.report.search}</h2>
      <div className="field inline">
        <label htmlFor="find-reference">{t.report.searchLabel}</label>
        <input id="find-reference" type="text" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button secondary">
          {t.report.searchButton}
        </button>
      </div>
    </form>
  );
}

/**
 * A report's public page (/signaler/suivi/MZ-2026-00042), from the backend's public reads: its status, the
 * town's public replies, the photos it published, the map. Awaiting moderation, « en cours de vérification » only.
 */
export function ReportPage({ reference, search, mapProvider }: { reference: string; search: URLSearchParams; mapProvider: string }) {
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'shown'; page: CitizenReportPage } | { kind: 'missing' } | { kind: 'unreachable' }>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const token = search.get('jeton');
  const answer = search.get('reponse') as RepairAnswer | null;

  useEffect(() => {
    let current = true;
    reportPage(reference).then(
      (page) => current && setState({ kind: 'shown', page }),
      (error) => current && setState(error instanceof Refused && error.status === 404 ? { kind: 'missing' } : error instanceof Unreachable ? { kind: 'unreachable' } : { kind: 'missing' }),
    );
    return () => {
      current = false;
    };
  }, [reference, version]);

  return (
    <>
      <h1>{t.report.title(reference)}</h1>
      {token && answer && (REPAIR_ANSWERS as readonly string[]).includes(answer) ? <RepairQuestion token={token} answer={answer} onAnswered={() => setVersion((v) => v + 1)} /> : null}
      {state.kind === 'loading' ? (
        <p role="status">{t.report.loading}</p>
      ) : state.kind === 'missing' ? (
        <p className="panel" role="alert">
          {t.report.notFound}
        </p>
      ) : state.kind === 'unreachable' ? (
        <p className="panel" role="alert">
          {t.report.unreachable}
        </p>
      ) : (
        <ReportDetails page={state.page} mapProvider={mapProvider} />
      )}
      <FindReport />
    </>
  );
}

function ReportDetails({ page, mapProvider }: { page: CitizenReportPage; mapProvider: string }) {
  const request = page.request;
  if (page.pending) {
    return (
      <section className="panel" aria-labelledby="pending-title">
        <p className="status pending" id="pending-title">
          {t.report.pending}
        </p>
        <p>{t.report.pendingText}</p>
        <dl>
          <dt>{t.report.category}</dt>
          <dd>{request.service_name}</dd>
          {request.requested_datetime ? (
            <>
              <dt>{t.report.filedOn}</dt>
              <dd>{t.dateTime(request.requested_datetime)}</dd>
            </>
          ) : null}
        </dl>
      </section>
    );
  }
  const point = typeof request.lat === 'number' && typeof request.long === 'number' ? { lat: request.lat, lng: request.long } : null;
  const replies = page.updates;
  return (
    <>
      <section className="panel" aria-labelledby="state-title">
        <p id="state-title" className={`status ${request.status}`}>
          {request.status === 'closed' ? t.report.closed : t.report.open}
        </p>
        <dl>
          <dt>{t.report.category}</dt>
          <dd>{request.service_name}</dd>
          {request.address ? (
            <>
              <dt>{t.report.address}</dt>
              <dd>{request.address}</dd>
            </>
          ) : null}
          {request.requested_datetime ? (
            <>
              <dt>{t.report.filedOn}</dt>
              <dd>{t.dateTime(request.requested_datetime)}</dd>
            </>
          ) : null}
          {request.updated_datetime ? (
            <>
              <dt>{t.report.updatedOn}</dt>
              <dd>{t.dateTime(request.updated_datetime)}</dd>
            </>
          ) : null}
          {request.description ? (
            <>
              <dt>{t.report.description}</dt>
              <dd className="description">{request.description}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="panel" aria-labelledby="replies-title">
        <h2 id="replies-title">{t.report.replies}</h2>
        {replies.length ? (
          <ol className="timeline">
            {replies.map((line, index) => (
              <li key={index}>
                {line.date ? <p className="hint">{t.dateTime(line.date)}</p> : null}
                <p>{line.text}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>{t.report.noReplies}</p>
        )}
      </section>
      {page.photos.length ? (
        <section className="panel" aria-labelledby="photos-title">
          <h2 id="photos-title">{t.report.photos}</h2>
          <ul className="photos">
            {page.photos.map((url, index) => (
              <li key={url}>
                <a href={url}>
                  <img src={url} alt={t.report.photo(index + 1)} loading="lazy" width="160" height="120" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {point ? (
        <Suspense fallback={<div className="map map-loading" />}>
          <SignalerMap point={point} provider={mapProvider} label={t.report.map} />
        </Suspense>
      ) : null}
    </>
  );
}
