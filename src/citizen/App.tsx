import { useEffect, useState } from 'react';
import { citizenReportPath, type CitizenForm } from '@mamoudzou/domain/citizen-page';
import { loadForm, Refused } from './api';
import { t } from './messages';
import { myReports } from './mine';
import { flushQueue, onQueue, waiting } from './queue';
import { ReportForm } from './ReportForm';
import { ReportPage } from './ReportPage';
import { rememberReport } from './mine';

/** The browser's word on the network, kept up to date. */
function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Retries of the waiting reports while some wait (a failing network the browser calls online). */
const RETRY_EVERY_MS = 20_000;

/**
 * Reports waiting on this phone: sent when the network comes back, at the page's opening and every 20 s while
 * some wait; what became of them is said here.
 */
function WaitingReports({ online, minimumSeconds }: { online: boolean; minimumSeconds: number }) {
  const [count, setCount] = useState(0);
  const [news, setNews] = useState<{ kind: 'sent' | 'refused'; text: string } | null>(null);
  useEffect(() => {
    const refresh = () => void waiting().then((list) => setCount(list.length));
    refresh();
    return onQueue((event) => {
      if (event.kind === 'sent') {
        rememberReport(event.reference, 'filed');
        setNews({ kind: 'sent', text: t.queued.sentNow(event.reference) });
      }
      if (event.kind === 'refused') setNews({ kind: 'refused', text: t.queued.refused(event.message) });
      refresh();
    });
  }, []);
  useEffect(() => {
    if (!online) return;
    void flushQueue(minimumSeconds);
    const timer = setInterval(() => void waiting().then((list) => list.length && flushQueue(minimumSeconds)), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [online, minimumSeconds]);
  if (!count && !news) return null;
  return (
    <div className="panel queue" role="status">
      {news ? <p className={news.kind === 'refused' ? 'error' : 'success'}>{news.text}</p> : null}
      {count ? (
        <>
          <p>{t.queued.waiting(count)}</p>
          {online ? (
            <button type="button" className="button secondary" onClick={() => void flushQueue(minimumSeconds)}>
              {t.queued.retry}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function MyReports() {
  const list = myReports();
  if (!list.length) return null;
  return (
    <nav className="panel mine" aria-labelledby="mine-title">
      <h2 id="mine-title">{t.mine.title}</h2>
      <ul>
        {list.map((report) => (
          <li key={report.reference}>
            <a href={citizenReportPath(report.reference)}>{report.reference}</a> ({report.kind === 'filed' ? t.mine.filed : t.mine.followed}, {t.date(report.at)})
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Loaded = { kind: 'loading' } | { kind: 'ready'; form: CitizenForm; receivedAt: number } | { kind: 'failed'; message: string };

/** The page: the form at /signaler, a report's page at /signaler/suivi/{reference}. */
export function App({ path, search }: { path: string; search: string }) {
  const online = useOnline();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const tracked = /^\/signaler\/suivi\/([^/]+)\/?$/.exec(path);
  useEffect(() => {
    loadForm().then(
      ({ form, receivedAt }) => setLoaded({ kind: 'ready', form, receivedAt }),
      (error) => setLoaded({ kind: 'failed', message: error instanceof Refused ? error.message : t.unreachable }),
    );
  }, []);
  const form = loaded.kind === 'ready' ? loaded.form : null;
  useEffect(() => {
    if (form) document.title = tracked ? `${t.report.title(decodeURIComponent(tracked[1]))} · ${t.town(form.town.name)}` : `${t.title} · ${t.town(form.town.name)}`;
  }, [form, tracked]);

  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="banner">
        <p className="town">{t.town(form?.town.name ?? 'Mamoudzou')}</p>
        {tracked ? (
          <a className="header-link" href="/signaler">
            {t.report.back}
          </a>
        ) : null}
      </header>
      <main id="contenu" tabIndex={-1}>
        {!online ? (
          <p className="panel offline" role="status">
            {t.offlineBanner}
          </p>
        ) : null}
        {form ? <WaitingReports online={online} minimumSeconds={form.minimumFillSeconds} /> : null}
        {tracked ? (
          <ReportPage reference={decodeURIComponent(tracked[1])} search={new URLSearchParams(search)} mapProvider={form?.mapProvider ?? 'openstreetmap'} />
        ) : (
          <>
            <h1>{t.title}</h1>
            <p className="intro">{t.intro}</p>
            {loaded.kind === 'loading' ? (
              <p role="status">{t.loading}</p>
            ) : loaded.kind === 'failed' ? (
              <p className="panel" role="alert">
                {loaded.message}
              </p>
            ) : !loaded.form.open ? (
              <p className="panel" role="alert">
                {t.closed(loaded.form.town.phone)}
              </p>
            ) : (
              <ReportForm form={loaded.form} receivedAt={loaded.receivedAt} online={online} />
            )}
          </>
        )}
        <MyReports />
      </main>
      <footer className="footer">
        {form ? (
          <p>
            {t.town(form.town.name)} · {form.town.address} · <a href={`tel:${form.town.phone.replace(/\s+/g, '')}`}>{form.town.phone}</a>
          </p>
        ) : null}
      </footer>
    </>
  );
}
