import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FilledInput, { type FilledInputProps } from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import { frShell as fr, format } from '../../i18n/fr-shell';
import type { ToastVariant } from '../../common/toast';
import { SecondStepRequired, type LoginAnswer, type LoginParams, type StrapiAuthProvider } from '../../providers/authProvider';
import { forgetSessionEnd, readSessionEnd, subscribeSessionEnd, type SessionUser } from '../../providers/session';
import { loginErrorMessage, secondStepErrorMessage } from './loginErrors';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';
import { twoFactorMessages } from './twoFactorMessages';

// With its QR code library: only an account the settings take through enrolment loads it.
const TwoFactorEnrolment = lazy(() => import('./TwoFactorEnrolment'));

/**
 * The login form and its toasts, free of
 * react-admin: the standalone /login of a first visit (StandaloneLogin.tsx, a light bundle) and
 * react-admin's login page (LoginPage.tsx) both show it.
 */
export interface LoginFormProps {
  /**
   * Logs in (a password, then the second step's code or the enrolment's session); answers the user
   * (with their role), throws the backend's refusal or SecondStepRequired.
   */
  onLogin: (params: LoginParams) => Promise<SessionUser | undefined>;
  /** Enrolment at a login the settings hold for it. */
  enrolAtLogin: StrapiAuthProvider['enrolAtLogin'];
  notify: (toast: { title: string; description?: string; variant: ToastVariant }) => void;
  /** The link to the registration page, when registration is open. */
  registerLink?: ReactNode;
  /** The demo accounts' box: not where the backend refuses their passwords (production). */
  demoAccounts?: boolean;
  /** « Mot de passe oublié ? »: a page of its own that mails a link. */
  forgotLink?: ReactNode;
}

/**
 * A text field as MUI's TextField renders it under the theme's defaults (FormControl filled, dense and
 * full width; InputLabel; FilledInput), without TextField's select mode, whose Select, Menu, Popover
 * and Modal weighed on /login and on every first load of the app.
 */
function LoginField({ label, ...input }: { label: string } & FilledInputProps) {
  const id = useId();
  return (
    <FormControl margin="normal" disabled={input.disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput id={id} fullWidth {...input} />
    </FormControl>
  );
}

function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  return (
    <Box component="section" aria-labelledby="demo-title" sx={{ mt: 3, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography id="demo-title" component="h2" variant="subtitle2" gutterBottom>
        {fr.login.demoTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {fr.login.demoNote}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {fr.login.demoAccounts.map((account) => (
          <li key={account.email}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => onPick(account.email, account.password)}
              sx={{ textAlign: 'left' }}
            >
              <strong>{account.role}</strong> : {account.email} / {account.password}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

const noReason = () => null;

export function LoginForm({ onLogin, notify, registerLink, forgotLink, enrolAtLogin, demoAccounts = true }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  // A session that ended because the account was suspended says so here until the person acts on the page (types,
  // signs in). Followed, not read once: the page may be drawn twice as the ended session's check settles (a reason
  // forgotten by the first drawing was missing from the one that stayed), and the refused refresh that says why can
  // answer after another request's 401 has already drawn the page.
  const ended = useSyncExternalStore(subscribeSessionEnd, readSessionEnd, noReason);
  const [failure, setFailure] = useState<string | null>(null);
  const error = failure ?? ended;

  const onChange = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    if (failure) setFailure(null); // typing clears a previous error
    forgetSessionEnd();
  };

  const [secondStep, setSecondStep] = useState<SecondStepRequired | null>(null);
  // The session an enrolment answered, opened once its recovery codes are noted.
  const enrolled = useRef<LoginAnswer | null>(null);

  const welcome = (user: SessionUser | undefined) => {
    const left = user?.recoveryCodesLeft;
    const greeting = format(fr.auth.loginSuccessMessage, { username: user?.username ?? email });
    notify({
      title: fr.auth.loginSuccessTitle,
      description: typeof left === 'number' ? `${greeting} ${format(twoFactorMessages.step.recoveryLeft, { n: left })}` : greeting,
      variant: 'success',
    });
  };
  const backToPassword = () => {
    setSecondStep(null);
    setLoading(false);
    setPassword('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      notify({ title: fr.auth.missingFieldsTitle, description: fr.auth.missingFieldsMessage, variant: 'destructive' });
      return;
    }
    setLoading(true);
    setFailure(null);
    forgetSessionEnd();
    try {
      welcome(await onLogin({ identifier: email.trim(), password }));
    } catch (e) {
      if (e instanceof SecondStepRequired) {
        setSecondStep(e);
        return;
      }
      const message = loginErrorMessage(e);
      console.warn('Échec de la connexion :', (e as Error)?.message ?? e);
      setFailure(message);
      setLoading(false);
      notify({ title: fr.auth.loginErrorTitle, description: message, variant: 'destructive' });
    }
  };

  if (secondStep?.step === 'verify') {
    return (
      <Card variant="outlined">
        <CardContent sx={{ p: 3 }}>
          <TwoFactorCodeForm
            onSubmit={async (code) => {
              try {
                welcome(await onLogin({ mfaToken: secondStep.mfaToken, code }));
              } catch (e) {
                // The step expired (or its account was blocked meanwhile): back to the password, saying why.
                if ((e as { status?: number })?.status !== 401) throw e;
                backToPassword();
                setFailure(secondStepErrorMessage(e));
              }
            }}
            onBack={backToPassword}
            errorMessage={secondStepErrorMessage}
          />
        </CardContent>
      </Card>
    );
  }
  if (secondStep?.step === 'enrol') {
    const { mfaToken } = secondStep;
    return (
      <Card variant="outlined">
        <CardContent sx={{ p: 3 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {twoFactorMessages.enrol.requiredTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {twoFactorMessages.enrol.requiredIntro}
          </Typography>
          <Suspense fallback={<CircularProgress size={20} aria-label={twoFactorMessages.enrol.loading} />}>
            <TwoFactorEnrolment
              account={email.trim()}
              headingLevel="h2"
              setup={() => enrolAtLogin.setup(mfaToken)}
              confirm={async (code) => {
                const answer = await enrolAtLogin.enable(mfaToken, code);
                enrolled.current = { jwt: answer.jwt, user: answer.user };
                return answer.recoveryCodes;
              }}
              finishLabel={fr.login.continueAfterCodes}
              onFinished={() => {
                if (enrolled.current) void onLogin({ session: enrolled.current }).then(welcome);
              }}
              onCancel={backToPassword}
              errorMessage={secondStepErrorMessage}
            />
          </Suspense>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {fr.login.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {fr.login.subtitle}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-describedby={error ? 'login-error' : undefined}>
          {error && (
            <Alert id="login-error" severity="error" variant="outlined" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <LoginField
            label={fr.login.email}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => onChange(setEmail)(e.target.value)}
            placeholder={fr.login.emailPlaceholder}
            autoFocus
            disabled={loading}
          />
          <LoginField
            label={fr.login.password}
            type={showPassword ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => onChange(setPassword)(e.target.value)}
            disabled={loading}
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? fr.login.hidePassword : fr.login.showPassword}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            }
          />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={loading}
            startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {loading ? fr.login.submitting : fr.login.submit}
          </Button>
        </Box>
        {forgotLink && (
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            {forgotLink}
          </Typography>
        )}
        {registerLink && (
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            {registerLink}
          </Typography>
        )}
        {demoAccounts && (
          <DemoAccounts
            onPick={(demoEmail, demoPassword) => {
              setEmail(demoEmail);
              setPassword(demoPassword);
              setFailure(null);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
