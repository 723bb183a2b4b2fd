import { useAuthProvider, useLogin, useAuthState } from 'ra-core';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Link from '@mui/material/Link';
import { fr } from '../../i18n/fr';
import type { StrapiAuthProvider } from '../../providers/authProvider';
import type { SessionUser } from '../../providers/session';
import { useDemoAccountsOffered, usePublicSettings } from '../../providers/settings';
import { AuthChecking } from '../../common/access/AuthChecking';
import { useToast } from '../../common/toast';
import { AuthPageFrame } from './AuthPageFrame';
import { LoginForm } from './LoginForm';
import { FORGOT_PASSWORD_PATH } from './publicPaths';

/** The login page inside react-admin (a session that ended, a page asked for before login): the login form. */
export default function LoginPage() {
  const login = useLogin();
  const authProvider = useAuthProvider() as StrapiAuthProvider;
  const toast = useToast();
  const location = useLocation();
  // Visitors read only the public settings: the registration link shows when registration is open.
  const settings = usePublicSettings();
  const demoAccounts = useDemoAccountsOffered();
  const { authenticated, isPending: checking } = useAuthState(undefined, false);

  if (checking) return <AuthChecking fullPage />;
  if (authenticated) {
    // An authenticated user at /login goes on to where they were going.
    const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
    return <Navigate to={`${state?.nextPathname ?? '/'}${state?.nextSearch ?? ''}`} replace />;
  }
  return (
    <AuthPageFrame town={settings.siteName}>
      <LoginForm
        onLogin={async (params) => (await login(params)) as SessionUser | undefined}
        enrolAtLogin={authProvider.enrolAtLogin}
        notify={toast}
        demoAccounts={demoAccounts}
        // A page of its own, outside the app (main.tsx): a full load.
        forgotLink={<Link href={FORGOT_PASSWORD_PATH}>{fr.login.forgotPasswordLink}</Link>}
        registerLink={
          settings.allowPublicRegistration && (
            <Link component={RouterLink} to="/inscription">
              {fr.login.registerLink}
            </Link>
          )
        }
      />
    </AuthPageFrame>
  );
}
