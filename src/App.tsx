import { lazy, Suspense, useMemo } from 'react';
import { CustomRoutes, Resource, type LayoutComponent } from 'ra-core';
import { Route } from 'react-router-dom';
import { RESOURCES } from '@mamoudzou/domain/resources';
import AccessDeniedPage from './common/access/AccessDenied';
import AuthCheckingPage from './common/access/AuthChecking';
import NotFound from './common/access/NotFound';
import { RequireAccess } from './common/access/RequireAccess';
import { Admin } from './custom/layout/Admin';
import Layout from './custom/layout/Layout';
import { darkTheme, lightTheme } from './custom/layout/themes';
import { pages, type PageConfig } from './custom/pages';
import { registered } from './generic/resourceEntry';
import { resourceProps } from './generic/resourceProps';
import type { RegisteredResource, ResourceConfig } from './generic/types';
import { i18nProvider } from './i18n';
import { createProviders } from './providers';
import { API_URL, SOCKET_URL } from './providers/env';
import type { FetchLike } from './providers/http';
import type { SocketFactory } from './providers/realtime';
import { OfflineProvider } from './providers/OfflineContext';
import { offlineWritesOf } from './providers/offlineWrites';
import { RealtimeProvider } from './providers/RealtimeContext';
import { accessRulesOf, endpointOptionsOf, resourceEntries } from './resources/entries';

export interface AppProps {
  /** The resource registry (tests hand one with a configuration written whole beside the entries). */
  registry?: (RegisteredResource | ResourceConfig)[];
  apiUrl?: string;
  fetch?: FetchLike;
  storage?: Storage;
  /** The socket factory (tests hand a fake one). */
  socket?: SocketFactory;
  /** The layout around every screen (component tests of one screen hand one without the app's frame). */
  layout?: LayoutComponent;
}

/**
 * A custom page behind the same guard as the resources (the pages table says who may open it). A page every
 * logged-in account opens (the dashboard, « Mon profil ») has no guard but the layout's session check: a guard
 * that can only say yes would still cost its screen a render.
 */
function guardedPage(page: PageConfig) {
  const Page = page.component;
  if (!page.access) return <Page />;
  return (
    <RequireAccess resource={page.name} access={page.access}>
      <Page />
    </RequireAccess>
  );
}

const RegisterPage = lazy(() => import('./custom/login/RegisterPage'));
// The login page inside the app (a session that ended): its form (text fields, selects) loads when it shows.
const LoginPageChunk = lazy(() => import('./custom/login/LoginPage'));
const LoginPage = () => (
  <Suspense fallback={<AuthCheckingPage />}>
    <LoginPageChunk />
  </Suspense>
);

/** The table of contents: providers, one <Resource> per registry entry, one route per custom page. */
export default function App({ registry = resourceEntries, apiUrl = API_URL, fetch, storage, socket, layout = Layout }: AppProps) {
  const entries = useMemo(() => registry.map((entry) => ('load' in entry ? entry : registered(entry))), [registry]);
  const { authProvider, dataProvider, queryClient, store, realtime, offline } = useMemo(
    () =>
      createProviders({
        apiUrl,
        socketUrl: apiUrl === API_URL ? SOCKET_URL : apiUrl,
        socket,
        endpoints: endpointOptionsOf(entries),
        accessRules: accessRulesOf([...entries, ...pages]),
        fetch,
        storage,
        offlineWrites: offlineWritesOf(RESOURCES),
      }),
    [entries, apiUrl, fetch, storage, socket],
  );
  const views = useMemo(() => entries.map(resourceProps), [entries]);

  return (
    <RealtimeProvider value={realtime}>
    <OfflineProvider value={offline}>
    <Admin
      title="Backoffice"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      layout={layout}
      loginPage={LoginPage}
      catchAll={NotFound}
      accessDenied={AccessDeniedPage}
      loading={AuthCheckingPage}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      {views.map((props) => (
        <Resource key={props.name} {...props} />
      ))}
      {/*
        The dashboard is a route of the pages table like the others, not react-admin's `dashboard` prop: that one
        wraps it in WithPermissions, a second session check and a permissions call before its first render (two
        rounds of « Vérification de l'authentification... » on a phone). Routes with layout come first in
        react-admin's table, so this "/" wins over its own.
      */}
      <CustomRoutes>
        {pages.map((page) => (
          <Route key={page.name} path={page.nestedRoutes ? `${page.path}/*` : page.path} element={guardedPage(page)} />
        ))}
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/inscription" element={<Suspense fallback={<AuthCheckingPage />}><RegisterPage /></Suspense>} />
      </CustomRoutes>
    </Admin>
    </OfflineProvider>
    </RealtimeProvider>
  );
}
