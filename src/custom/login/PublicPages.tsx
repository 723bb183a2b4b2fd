import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { passwordPolicyText, passwordProblems, type PasswordPolicy } from '@mamoudzou/domain/password';
import { format } from '../../i18n/fr-shell';
import { AuthPageFrame } from './AuthPageFrame';
import { PasswordRulesList } from '../../common/PasswordRulesList';
import { messages as t } from './publicMessages';
import { FORGOT_PASSWORD_PATH, INVITATION_PATH, OPT_OUT_PATH, RESET_PASSWORD_PATH } from './publicPaths';
import { standaloneTheme } from './standaloneTheme';
import { browserFetch, type FetchLike } from '../../providers/browserFetch';

type Answer = { ok: boolean; body: any; message: string };

/** A public POST to the backend; the backend's French reason when it refuses. */
async function post(fetcher: FetchLike, url: string, body: unknown): Promise<Answer> {
  try {
    const res = await fetcher(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    return { ok: res.ok, body: json, message: json?.error?.message ?? json?.message ?? '' };
  } catch {
    return { ok: false, body: null, message: t.network };
  }
}

export interface PublicPageProps {
  apiUrl: string;
  path: string;
  search: string;
  /** Tests hand a fake backend. */
  fetch?: FetchLike;
}

/**
 * The pages e-mails link to, loaded without react-admin whether or not a session is open: « Mot de
 * passe oublié » (the login page links to it), choosing a password from a reset or invitation link,
 * and a citizen's « ne plus recevoir d'e-mails » for one report.
 */
export default function PublicPage({ apiUrl, path, search, fetch: fetcher = browserFetch }: PublicPageProps) {
  const [town, setTown] = useState<string | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    fetcher(`${apiUrl}/api/setting/public`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => body?.data?.siteName && setTown(body.data.siteName))
      .catch(() => undefined);
    return () => controller.abort();
  }, [apiUrl, fetcher]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const call = (route: string, body: unknown) => post(fetcher, `${apiUrl}${route}`, body);

  let page: ReactNode;
  if (path === FORGOT_PASSWORD_PATH) page = <ForgotPassword call={call} />;
  else if (path === OPT_OUT_PATH) page = <OptOut call={call} token={params.get('jeton') ?? ''} />;
  else page = <SetPassword call={call} code={params.get('code') ?? ''} invitation={path === INVITATION_PATH} />;
  useEffect(() => {
    document.title = `${path === OPT_OUT_PATH ? t.optOut.title : path === FORGOT_PASSWORD_PATH ? t.forgot.title : path === RESET_PASSWORD_PATH ? t.reset.title : t.reset.invitationTitle} · ${town ?? 'Mamoudzou'}`;
  }, [path, town]);

  return (
    <ThemeProvider theme={standaloneTheme}>
      <CssBaseline />
      <AuthPageFrame town={town} citizen={path === OPT_OUT_PATH}>
        <Card variant="outlined">
          <CardContent sx={{ p: 3 }}>{page}</CardContent>
        </Card>
      </AuthPageFrame>
    </ThemeProvider>
  );
}

type Call = (route: string, body: unknown) => Promise<Answer>;

function Title({ children }: { children: ReactNode }) {
  return (
    <Typography component="h1" variant="h5" gutterBottom>
      {children}
    </Typography>
  );
}

function LoginLink({ label = t.backToLogin }: { label?: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
      <Link href="/login">{label}</Link>
    </Typography>
  );
}

function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
      {busy ? busyLabel : label}
    </Button>
  );
}

function ForgotPassword({ call }: { call: Call }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmailAddress(email.trim())) {
      setError(t.forgot.invalidEmail);
      return;
    }
    setBusy(true);
    const answer = await call('/api/auth/forgot-password', { email: email.trim() });
    setBusy(false);
    if (answer.ok) setSent(answer.body?.message ?? '');
    else setError(answer.message || t.network);
  };

  return (
    <>
      <Title>{t.forgot.title}</Title>
      {sent ? (
        <Alert severity="success" role="status">
          <AlertTitle>{t.forgot.sentTitle}</AlertTitle>
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t.forgot.intro}
          </Typography>
          <TextField
            label={t.forgot.email}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || ' '}
            disabled={busy}
          />
          <SubmitButton busy={busy} label={t.forgot.submit} busyLabel={t.forgot.submitting} />
        </Box>
      )}
      <LoginLink />
    </>
  );
}

function SetPassword({ call, code, invitation }: { call: Call; code: string; invitation: boolean }) {
  const [link, setLink] = useState<{ state: 'checking' } | { state: 'bad'; message: string } | { state: 'ok'; email: string; policy: PasswordPolicy }>({ state: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let live = true;
    void call('/api/auth/reset-password/check', { code }).then((answer) => {
      if (!live) return;
      setLink(answer.ok ? { state: 'ok', email: answer.body.email, policy: answer.body.policy } : { state: 'bad', message: answer.message || t.network });
    });
    return () => {
      live = false;
    };
    // The code is the page's: checked once.
  }, [code]);

  const title = invitation ? t.reset.invitationTitle : t.reset.title;
  if (link.state === 'checking')
    return (
      <>
        <Title>{title}</Title>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t.reset.checking}</Typography>
        </Box>
      </>
    );
  if (link.state === 'bad')
    return (
      <>
        <Title>{title}</Title>
        <Alert severity="error" role="alert">
          <AlertTitle>{t.reset.linkProblemTitle}</AlertTitle>
          {link.message}
        </Alert>
        {!invitation && (
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link href={FORGOT_PASSWORD_PATH}>{t.reset.newLink}</Link>
          </Typography>
        )}
        <LoginLink />
      </>
    );
  if (done)
    return (
      <>
        <Title>{title}</Title>
        <Alert severity="success" role="status">
          <AlertTitle>{t.reset.doneTitle}</AlertTitle>
          {invitation ? t.reset.invitationDone : t.reset.done}
        </Alert>
        <Button href="/login" variant="contained" fullWidth size="large" sx={{ mt: 2 }}>
          {t.goToLogin}
        </Button>
      </>
    );

  const rule = passwordPolicyText(link.policy);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: passwordProblems(password, link.policy).length > 0 ? rule : undefined,
      confirmation: confirmation !== password ? t.reset.mismatch : undefined,
    };
    setErrors(found);
    if (found.password || found.confirmation) return;
    setBusy(true);
    const answer = await call('/api/auth/reset-password', { code, password, passwordConfirmation: confirmation });
    setBusy(false);
    if (answer.ok) setDone(true);
    else setErrors({ form: answer.message || t.network });
  };

  return (
    <>
      <Title>{title}</Title>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {format(invitation ? t.reset.invitationIntro : t.reset.intro, { email: link.email })}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {errors.form && (
          <Alert severity="error" role="alert" variant="outlined" sx={{ mb: 1 }}>
            {errors.form}
          </Alert>
        )}
        {/* The account's address, for the browser's password manager. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <TextField
          label={t.reset.password}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
          disabled={busy}
        />
        {/* The rules marked as the password is typed, as in the administrator's form. */}
        <PasswordRulesList id="set-password-rules" password={password} policy={link.policy} />
        <TextField
          label={t.reset.confirmation}
          type="password"
          name="passwordConfirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={!!errors.confirmation}
          helperText={errors.confirmation ?? ' '}
          disabled={busy}
        />
        <SubmitButton busy={busy} label={t.reset.submit} busyLabel={t.reset.submitting} />
      </Box>
      <LoginLink />
    </>
  );
}

function OptOut({ call, token }: { call: Call; token: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; title?: string } | null>(token ? null : { ok: false, message: t.optOut.missing });
  // Whether the link was already used (a reload, a second click in the e-mail): asked first, changing nothing.
  const [checking, setChecking] = useState(!!token);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void call('/api/reports/email-opt-out/status', { token }).then((answer) => {
      if (!live) return;
      if (answer.ok && answer.body?.optedOut) setResult({ ok: true, message: t.optOut.already });
      else if (!answer.ok && answer.message) setResult({ ok: false, message: answer.message });
      setChecking(false);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await call('/api/reports/email-opt-out', { token });
    setBusy(false);
    setResult({ ok: answer.ok, title: answer.ok ? t.optOut.doneTitle : undefined, message: answer.ok ? answer.body?.message ?? '' : answer.message || t.network });
  };

  return (
    <>
      <Title>{t.optOut.title}</Title>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {result.title && <AlertTitle>{result.title}</AlertTitle>}
          {result.message}
        </Alert>
      ) : checking ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">{t.optOut.checking}</Typography>
        </Box>
      ) : (
        // A button, not the link itself: mail scanners open links, they do not press buttons.
        <Box component="form" onSubmit={submit}>
          <Typography variant="body2" color="text.secondary">
            {t.optOut.intro}
          </Typography>
          <SubmitButton busy={busy} label={t.optOut.submit} busyLabel={t.optOut.submitting} />
        </Box>
      )}
    </>
  );
}
