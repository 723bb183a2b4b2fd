import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import App from './App';
import { dashboardLists, STATS_PATH, statsQuery } from './custom/dashboard/queries';
import RouteError from './custom/layout/RouteError';
import { pageAt, pages } from './custom/pages';
import { earlyCalls, prefetchListOf } from './generic/list/prefetchList';
import { preloadListPageFor } from './generic/resourceProps';
import { canAccessResource, roleOf } from './providers/authProvider';
import { API_URL } from './providers/env';
import { createSession } from './providers/session';
import { createStore } from './providers/store';
import { accessRulesOf, endpointOptionsOf, resourceEntries } from './resources/entries';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * A data router (as react-admin's own), so that a form with unsaved changes can hold a navigation
 * (react-admin's warnWhenUnsavedChanges and the settings page use react-router's useBlocker).
 * Made at the first render, not when the chunk loads: the standalone login preloads this chunk,
 * then moves to / before the app shows, and the router must start from there.
 */
function appRouter() {
  // Every route is under this one: its errorElement is every screen's error screen (French, ours).
  router ??= createBrowserRouter([{ path: '*', element: <App />, errorElement: <RouteError /> }]);
  return router;
}

/**
 * As soon as the app's code is there, before its first render: a list's first page's call (once its configuration is
 * there, asked by main.tsx with the app's chunk), or the dashboard's calls, with the settings the menu reads, start
 * beside the session check, not after it. The screen's chunks are preloadScreenAt's.
 */
function startEarlyCalls() {
  try {
    const session = createSession();
    const token = session.getToken();
    const path = window.location.pathname;
    if (!token) return;
    const calls = earlyCalls({ apiUrl: API_URL, endpoints: endpointOptionsOf(resourceEntries), token });
    const accessRules = accessRulesOf([...resourceEntries, ...pages]);
    if (path === '/') {
      // The dashboard's own calls (queries.ts), the same the page makes: those the role may make (a custom role's dashboard shows its modules only).
      const reads = (resource: string) => canAccessResource(roleOf(session.getUser()), accessRules[resource], 'read');
      if (reads('signalements')) void calls.get(STATS_PATH, statsQuery()).catch(() => undefined);
      for (const { resource, params } of Object.values(dashboardLists())) if (reads(resource)) void calls.getList(resource, params).catch(() => undefined);
    } else {
      void prefetchListOf(calls, { path, search: window.location.search, registry: resourceEntries, store: createStore(), role: roleOf(session.getUser()), accessRules }).catch(() => undefined);
    }
  } catch {
    /* storage refused: the app asks for everything itself */
  }
}
startEarlyCalls();

/**
 * Loads the chunk of the screen at `pathname` (a custom page or a list page), settled whatever happens. main.tsx renders
 * the app once it is there: a lazy screen rendered before its chunk came suspends, and React then holds the content
 * back ~300 ms after the fallback it just showed (its throttle on revealing Suspense content), on every cold load.
 */
export function preloadScreenAt(pathname: string): Promise<unknown> {
  const page = pageAt(pathname);
  return Promise.all([preloadListPageFor(pathname, resourceEntries), page?.component.preload().catch(() => undefined)]);
}

/** The app under the browser's data router: main.tsx loads it as a chunk of its own. */
export default function AppRoot() {
  return <RouterProvider router={appRouter()} />;
}
