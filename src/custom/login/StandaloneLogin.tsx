import { useEffect, useMemo, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { ThemeProvider } from '@mui/material/styles';
import { frShell as fr } from '../../i18n/fr-shell';
import { createAuthProvider } from '../../providers/authProvider';
import { browserFetch } from '../../providers/browserFetch';
import type { FetchLike } from '../../providers/http';
import { createSession, type SessionUser } from '../../providers/session';
import type { ToastVariant } from '../../common/toast';
import { AuthPageFrame } from './AuthPageFrame';
import { LoginForm } from './LoginForm';
import { FORGOT_PASSWORD_PATH } from './publicPaths';
import { standaloneTheme as theme } from './standaloneTheme';

/**
 * /login on a first visit, without react-admin, so that the login page loads under 150 KB of
 * JavaScript: the same form, the same session as the app's auth provider, the town's theme with
 * react-admin's input defaults. Once logged in, main.tsx loads the app.
 */

type Toast = { title: string; description?: string; variant: ToastVariant };

export interface StandaloneLoginProps {
  apiUrl: string;
  onLoggedIn: (welcome: Toast) => void;
  /** Tests hand a fake backend. */
  fetch?: FetchLike;
  storage?: Storage;
}

export default function StandaloneLogin({ apiUrl, onLoggedIn, fetch = browserFetch, storage }: StandaloneLoginProps) {
  const auth = useMemo(() => createAuthProvider({ apiUrl, session: createSession(storage), fetch }), [apiUrl, fetch, storage]);
  const [toast, setToast] = useState<Toast | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  const [settings, setSettings] = useState<{ siteName?: string; allowPublicRegistration?: boolean; demoAccounts?: boolean }>({});
  useEffect(() => {
    // The public settings: the town's name and whether registration is open (defaults on failure).
    const controller = new AbortController();
    fetch(`${apiUrl}/api/setting/public`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => body?.data && setSettings({ ...body.data, demoAccounts: body.meta?.demoAccounts }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [apiUrl, fetch]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AuthPageFrame town={settings.siteName}>
        <LoginForm
          onLogin={async (params) => (await auth.login(params)) as SessionUser | undefined}
          enrolAtLogin={auth.enrolAtLogin}
          demoAccounts={settings.demoAccounts !== false}
          notify={(t) => (t.variant === 'success' ? onLoggedIn(t) : setToast(t))}
          forgotLink={<Link href={FORGOT_PASSWORD_PATH}>{fr.login.forgotPasswordLink}</Link>}
          registerLink={settings.allowPublicRegistration && <Link href="/inscription">{fr.login.registerLink}</Link>}
        />
      </AuthPageFrame>
      {/* The toast, as the app shows it (bottom centre), without the app's notification queue. */}
      {toast && (
        <Box sx={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 1400 }}>
          <Alert severity={toast.variant === 'destructive' ? 'error' : toast.variant} variant="filled" onClose={() => setToast(null)} sx={{ minWidth: 300, boxShadow: 3 }} slotProps={{ closeButton: { title: fr.login.closeToast, 'aria-label': fr.login.closeToast } as never }}>
            <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
            {toast.description}
          </Alert>
        </Box>
      )}
    </ThemeProvider>
  );
}
