import { lazy, startTransition, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { API_URL } from './providers/env';
import { prefetchGet } from './providers/prefetch';
import { createSession } from './providers/session';
import { queueToast } from './common/toastQueue';
import { PUBLIC_PATHS } from './custom/login/publicPaths';
import { reloadOnPreloadError } from './offline/reloadOnce';
import { registerServiceWorker } from './offline/serviceWorker';

/**
 * The first visit's /login is a page of its own, without react-admin (StandaloneLogin: a light
 * bundle, quick on a phone's network); everything else, and the app after logging in, is App
 * (its own chunks). Real paths (/signalements), not react-admin's hash routes: links from search
 * results, notifications and e-mails point at them. The static server falls back to index.html.
 */
const StandaloneLogin = lazy(() => import('./custom/login/StandaloneLogin'));
const PublicPage = lazy(() => import('./custom/login/PublicPages'));
const root = createRoot(document.getElementById('root')!);

/** Each resource's configuration, by its folder, named after its list's address (src/resources/entries.ts). */
const CONFIGS = import.meta.glob('./resources/*/index.ts');

/**
 * A cold load asks the chunk of the screen it opens together with the app's (AppRoot), not once the
 * session check and the data calls have answered (the dashboard's chunk came after them, a round
 * trip or two later on a phone): a list's, its page and its configuration. The same `import()` the
 * routes make: the browser loads each once.
 */
function preloadScreen(pathname: string) {
  const config = CONFIGS[`./resources/${pathname.split('/')[1]}/index.ts`];
  if (pathname === '/') void import('./custom/dashboard/Dashboard').catch(() => undefined);
  else if (config) void Promise.all([import('./generic/list/ResourceListPage'), config()]).catch(() => undefined);
}
// Installable and offline (precached shell and screens); a chunk gone after a redeploy reloads once.
registerServiceWorker();
reloadOnPreloadError();

/**
 * The app's first render, once its chunk and its first screen's are there (AppRoot's preloadScreenAt): rendered
 * before, the root and then the page suspended in turn, and React held each back ~300 ms after its fallback.
 * A transition: React renders it in slices, yielding to the browser between them, instead of one long task that
 * blocks the main thread (on a phone, the page's Total Blocking Time).
 */
function render(App: ComponentType) {
  startTransition(() =>
    root.render(
      <StrictMode>
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </StrictMode>,
    ),
  );
}

function showApp() {
  import('./AppRoot').then(
    async ({ default: App, preloadScreenAt }) => {
      await preloadScreenAt(window.location.pathname);
      render(App);
    },
    // A chunk gone after a redeploy reloads the page (reloadOnPreloadError); otherwise React's error surfaces as before.
    () => render(lazy(() => import('./AppRoot'))),
  );
}

let token: string | null = null;
try {
  token = createSession().getToken();
} catch {
  /* storage refused: the app's own login page */
}
const hasSession = !!token;

if (PUBLIC_PATHS.includes(window.location.pathname)) {
  // A link from an e-mail (a password to choose, no more e-mails about a report): its page alone, session or not.
  root.render(
    <StrictMode>
      <Suspense fallback={null}>
        <PublicPage apiUrl={API_URL} path={window.location.pathname} search={window.location.search} />
      </Suspense>
    </StrictMode>,
  );
} else if (window.location.pathname === '/login' && !hasSession) {
  // The app loads once the visitor starts typing (it is needed right after), not with the page.
  const preload = () => void import('./AppRoot');
  root.render(
    <StrictMode>
      <Suspense fallback={null}>
        <StandaloneLogin
          apiUrl={API_URL}
          onLoggedIn={(welcome) => {
            queueToast(welcome);
            window.history.replaceState(null, '', '/');
            showApp();
          }}
        />
      </Suspense>
    </StrictMode>,
  );
  document.addEventListener('input', preload, { once: true });
} else {
  // The session check starts now, while the app's code loads (the auth provider takes its answer).
  if (token) prefetchGet(`${API_URL}/api/users/me?populate=role`, token);
  // The screen's chunk with the shell's (AppRoot), both asked now.
  preloadScreen(window.location.pathname);
  showApp();
}
