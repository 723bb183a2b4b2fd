import { lazy, Suspense, useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import AccessDeniedPage from './custom/access/AccessDenied';
import AuthCheckingPage from './custom/access/AuthChecking';
import NotFound from './custom/access/NotFound';
import { RequireAdmin } from './custom/access/RequireAdmin';
import Layout from './custom/layout/Layout';
import { darkTheme, lightTheme } from './custom/layout/themes';
import LoginPage from './custom/login/LoginPage';
import { i18nProvider } from './i18n';
import { createProviders } from './providers';
import { API_URL } from './providers/env';
import type { FetchLike } from './providers/http';
import { accessRulesOf, endpointOptionsOf, resources, type ResourceConfig } from './resources';
import { resourceProps } from './resources/common/resourceProps';

// Screens outside the resources, each its own chunk.
const Dashboard = lazy(() => import('./custom/dashboard/Dashboard'));
const NotificationsPage = lazy(() => import('./custom/pages/NotificationsPage'));
const SettingsPage = lazy(() => import('./custom/pages/SettingsPage'));
const IntegrationsPage = lazy(() => import('./custom/pages/ModulePlaceholder'));
const RegisterPage = lazy(() => import('./custom/login/RegisterPage'));

export interface AppProps {
  /** The resource registry (tests hand a registry with an extra resource). */
  registry?: ResourceConfig[];
  apiUrl?: string;
  fetch?: FetchLike;
  storage?: Storage;
}

/** The table of contents: providers, one <Resource> per registry entry, the custom routes. */
export default function App({ registry = resources, apiUrl = API_URL, fetch, storage }: AppProps) {
  const { authProvider, dataProvider, queryClient, store } = useMemo(
    () => createProviders({ apiUrl, endpoints: endpointOptionsOf(registry), accessRules: accessRulesOf(registry), fetch, storage }),
    [registry, apiUrl, fetch, storage],
  );
  const views = useMemo(() => registry.map(resourceProps), [registry]);

  return (
    <Admin
      title="Backoffice"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={Dashboard}
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
      <CustomRoutes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/parametrages" element={<RequireAdmin><SettingsPage /></RequireAdmin>} />
        <Route path="/integrations" element={<RequireAdmin><IntegrationsPage /></RequireAdmin>} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/inscription" element={<Suspense fallback={<AuthCheckingPage />}><RegisterPage /></Suspense>} />
      </CustomRoutes>
    </Admin>
  );
}
