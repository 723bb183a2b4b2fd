import { lazy, Suspense, useState, type ComponentType } from 'react';
import { CoreAdminContext, CoreAdminUI, useNotificationContext, type CoreAdminContextProps, type CoreAdminUIProps } from 'ra-core';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, ThemesContext, type RaThemeOptions } from 'react-admin';
import { useIsPhone } from '../../common/breakpoints';
import { useIdlePreload } from '../../common/LazyOverlays';

/**
 * react-admin's <Admin>, as react-admin composes it (AdminContext + AdminUI: ra-core's CoreAdminContext
 * and CoreAdminUI under the themes, CssBaseline and the notification), without the default pages its
 * AdminUI holds in its parameters: react-admin's own layout (app bar, menu, inspector), login form
 * (react-hook-form), and `defaultI18nProvider` (English messages) were part of every first load although
 * this app replaces each of them (18 KB gzipped on the dashboard). react-admin's error,
 * authentication-error and auth-callback pages, which this app does not replace, load when shown,
 * and its notification (the toasts' snackbar) with the first toast or when the first screen is idle.
 */

const raPages = () => import('./raPages');
const ErrorPage = lazy(() => raPages().then((m) => ({ default: m.ErrorPage })));
const AuthenticationErrorPage = lazy(() => raPages().then((m) => ({ default: m.AuthenticationErrorPage })));
const AuthCallbackPage = lazy(() => raPages().then((m) => ({ default: m.AuthCallbackPage })));
const loadNotification = () => import('./Notification');
const LazyNotification = lazy(loadNotification);

/** A lazy page under its own Suspense (react-admin renders these pages outside the layout's). */
function suspended<P extends object>(Page: ComponentType<P>) {
  const Suspended = (props: P) => (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
  return Suspended;
}
const AdminError: CoreAdminUIProps['error'] = suspended(ErrorPage);
const AuthenticationError = suspended(AuthenticationErrorPage);
const AuthCallback = suspended(AuthCallbackPage);

/** Above the tallest bar of actions at the bottom of a phone's screen (a detail's: two rows of buttons). */
const PHONE_TOASTS = { bottom: 'calc(128px + env(safe-area-inset-bottom, 0px))' };

/** react-admin's notification, mounted with the first toast (then kept, for its closing transition). */
function Notification() {
  const { notifications } = useNotificationContext();
  const [shown, setShown] = useState(false);
  const phone = useIsPhone();
  if (notifications.length > 0 && !shown) setShown(true);
  useIdlePreload(loadNotification);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      {/* On a phone the bottom of the screen holds the actions under the thumb: the toasts show above them. */}
      <LazyNotification sx={phone ? PHONE_TOASTS : undefined} />
    </Suspense>
  );
}

export interface AdminProps extends CoreAdminContextProps, Omit<CoreAdminUIProps, 'error'> {
  lightTheme: RaThemeOptions;
  darkTheme: RaThemeOptions;
}

export function Admin({
  authProvider,
  basename,
  dataProvider,
  i18nProvider,
  queryClient,
  routerProvider,
  store,
  lightTheme,
  darkTheme,
  children,
  ...ui
}: AdminProps) {
  return (
    <CoreAdminContext
      authProvider={authProvider}
      basename={basename}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      routerProvider={routerProvider}
      store={store}
    >
      <ThemesContext.Provider value={{ lightTheme, darkTheme }}>
        <ThemeProvider>
          <CssBaseline enableColorScheme>
            <CoreAdminUI error={AdminError} authenticationError={AuthenticationError} authCallbackPage={AuthCallback} {...ui}>
              {children}
            </CoreAdminUI>
            <Notification />
          </CssBaseline>
        </ThemeProvider>
      </ThemesContext.Provider>
    </CoreAdminContext>
  );
}
