import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ActionDialogFrame } from '../../common/ActionDialogFrame';
import { Badge } from '../../common/Badge';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { useAuthProvider } from 'ra-core';
import type { StrapiAuthProvider, TwoFactorSetup, TwoFactorStatus } from '../../providers/authProvider';
import { secondStepErrorMessage } from '../login/loginErrors';

const TwoFactorEnrolment = lazy(() => import('../login/TwoFactorEnrolment'));

const t = fr.profile.twoFactor;
const STATUS_KEY = ['utilisateurs', 'me', 'two-factor'] as const;

/** The account's own calls go through the auth provider (a refused code is an answer here, not a data error). */
const useTwoFactorCalls = () => (useAuthProvider() as StrapiAuthProvider).twoFactor;

/**
 * A current code of the enrolled app (or a recovery code), as the backend asks it to turn two-factor
 * off or to move it to a new key (its wrong codes count like a login's).
 */
function CurrentCodeDialog({ texts, action, onClose }: { texts: { title: string; message: string; code: string; confirm: string }; action: (code: string) => Promise<void>; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await action(code.trim());
    } catch (e) {
      setError(secondStepErrorMessage(e));
      setBusy(false);
    }
  };
  return (
    <ActionDialogFrame
      open
      title={texts.title}
      description={texts.message}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={texts.confirm}
      cancelLabel={fr.generic.cancel}
      canSubmit={code.trim().length > 0}
      busy={busy}
    >
      {error && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      <TextField
        label={texts.code}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { 'aria-required': true, spellCheck: false } }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && code.trim()) void submit();
        }}
      />
    </ActionDialogFrame>
  );
}

/**
 * « Double authentification » in Mon profil: its state (since when, recovery codes left, required
 * by the settings), enrolment (QR code and key, a code to confirm, ten recovery codes shown once),
 * a new key (« Reconfigurer », after a current code) and turning it off with a code while the
 * settings allow it.
 */
export default function TwoFactorSection({ account }: { account: string }) {
  const calls = useTwoFactorCalls();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  // Back from the enrolment (done or cancelled), the focus returns to the section's button, not to the page's top.
  const mainButton = useRef<HTMLButtonElement>(null);
  const wasEnrolling = useRef(false);
  useEffect(() => {
    if (wasEnrolling.current && !enrolling) mainButton.current?.focus();
    wasEnrolling.current = enrolling;
  });
  const [disabling, setDisabling] = useState(false);
  const [reconfiguring, setReconfiguring] = useState(false);
  // The new key the current code obtained, shown by the enrolment instead of asking another.
  const [newKey, setNewKey] = useState<TwoFactorSetup | null>(null);
  const { data: status, error, isPending } = useQuery({
    queryKey: STATUS_KEY,
    queryFn: (): Promise<TwoFactorStatus> => calls.status(),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const setup = useCallback(() => (newKey ? Promise.resolve(newKey) : calls.setup()), [calls, newKey]);
  const confirm = useCallback((code: string) => calls.enable(code), [calls]);

  if (error) return <Alert severity="error">{`${t.error} : ${frenchErrorMessage(error)}`}</Alert>;
  if (isPending || !status)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{t.loading}</Typography>
      </Box>
    );

  if (enrolling)
    return (
      <Suspense fallback={<CircularProgress size={20} aria-label={t.loading} />}>
        <TwoFactorEnrolment
          account={account}
          setup={setup}
          confirm={confirm}
          finishLabel={t.finish}
          onFinished={() => {
            setEnrolling(false);
            setNewKey(null);
            toast({ title: t.enabledToast.title, description: t.enabledToast.message, variant: 'success' });
            void refresh();
          }}
          onCancel={() => {
            setEnrolling(false);
            setNewKey(null);
          }}
          errorMessage={secondStepErrorMessage}
          headingLevel="h4"
        />
      </Suspense>
    );

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.intro}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Badge label={status.enabled ? fr.profile.twoFactor.enabledBadge : fr.profile.twoFactor.disabledBadge} tone={status.enabled ? 'green' : 'grey'} />
        <Typography>{status.enabled && status.enabledAt ? format(t.enabledSince, { date: formatDate(status.enabledAt) }) : t.disabled}</Typography>
      </Box>
      {status.enabled && <Typography variant="body2">{format(t.recoveryLeft, { n: status.recoveryCodesLeft })}</Typography>}
      {status.required && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t.required}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        {status.enabled ? (
          <>
            <Button ref={mainButton} variant="outlined" onClick={() => setReconfiguring(true)} aria-describedby="two-factor-reconfigure-hint">
              {t.reconfigure}
            </Button>
            {!status.required && (
              <Button color="error" onClick={() => setDisabling(true)}>
                {t.disable}
              </Button>
            )}
          </>
        ) : (
          <Button ref={mainButton} variant="contained" onClick={() => setEnrolling(true)}>
            {t.enable}
          </Button>
        )}
      </Box>
      {status.enabled && (
        <Typography id="two-factor-reconfigure-hint" variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t.reconfigureHint}
        </Typography>
      )}
      {reconfiguring && (
        <CurrentCodeDialog
          texts={t.reconfigureDialog}
          onClose={() => setReconfiguring(false)}
          action={async (code) => {
            setNewKey(await calls.setup(code));
            setReconfiguring(false);
            setEnrolling(true);
          }}
        />
      )}
      {disabling && (
        <CurrentCodeDialog
          texts={t.disableDialog}
          onClose={() => setDisabling(false)}
          action={async (code) => {
            await calls.disable(code);
            setDisabling(false);
            toast({ title: t.disabledToast.title, description: t.disabledToast.message, variant: 'success' });
            void refresh();
          }}
        />
      )}
    </Box>
  );
}
