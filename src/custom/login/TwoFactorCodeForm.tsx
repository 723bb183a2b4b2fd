import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { twoFactorMessages } from './twoFactorMessages';

const t = twoFactorMessages.step;

export interface TwoFactorCodeFormProps {
  /** Sends the code; throws the backend's refusal, whose French message the form shows. */
  onSubmit: (code: string) => Promise<void>;
  /** Back to the password (a new login). */
  onBack: () => void;
  /** The message of a refusal, in French. */
  errorMessage: (error: unknown) => string;
}

/**
 * The login's second step: the code of the authenticator app, or a recovery code. The field has
 * the focus; a wrong code keeps the step with the backend's French message (and its lockout).
 */
export function TwoFactorCodeForm({ onSubmit, onBack, errorMessage }: TwoFactorCodeFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t.codeRequired);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
      setCode('');
      // The field again: its value is gone, the message is read with it.
      requestAnimationFrame(() => input.current?.focus());
    }
  };

  const switchKind = () => {
    setRecovery((v) => !v);
    setCode('');
    setError(null);
    input.current?.focus();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h1" variant="h5" gutterBottom>
        {t.title}
      </Typography>
      <Typography id={`${id}-intro`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {recovery ? t.recoveryIntro : t.intro}
      </Typography>
      {error && (
        <Alert id={`${id}-error`} severity="error" variant="outlined" sx={{ my: 1 }} role="alert">
          {error}
        </Alert>
      )}
      <FormControl margin="normal" fullWidth disabled={busy}>
        <InputLabel htmlFor={`${id}-code`}>{recovery ? t.recoveryCode : t.code}</InputLabel>
        <FilledInput
          id={`${id}-code`}
          inputRef={input}
          name="code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(null);
          }}
          autoFocus
          autoComplete="one-time-code"
          inputProps={{
            inputMode: recovery ? 'text' : 'numeric',
            maxLength: recovery ? 20 : 6,
            'aria-required': true,
            'aria-invalid': !!error,
            'aria-describedby': error ? `${id}-intro ${id}-error` : `${id}-intro`,
            spellCheck: false,
          }}
        />
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        sx={{ mt: 2 }}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {busy ? t.submitting : t.submit}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Link component="button" type="button" variant="body2" onClick={switchKind} disabled={busy}>
          {recovery ? t.useApp : t.useRecovery}
        </Link>
        <Link component="button" type="button" variant="body2" onClick={onBack} disabled={busy}>
          {t.back}
        </Link>
      </Box>
    </Box>
  );
}
