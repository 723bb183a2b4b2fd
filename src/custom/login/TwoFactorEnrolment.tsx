import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { format } from '../../i18n/fr-shell';
import type { TwoFactorSetup } from '../../providers/authProvider';
import { twoFactorMessages } from './twoFactorMessages';

const t = twoFactorMessages.enrol;

export interface TwoFactorEnrolmentProps {
  /** Asks the backend for a new key (POST /api/auth/mfa/setup). */
  setup: () => Promise<TwoFactorSetup>;
  /** Confirms the key with a code; answers the recovery codes (POST /api/auth/mfa/enable). */
  confirm: (code: string) => Promise<string[]>;
  /** Once the recovery codes are noted: the button's label and what it does. */
  finishLabel: string;
  onFinished: () => void;
  onCancel?: () => void;
  /** The account, named in the downloaded file. */
  account: string;
  /** The message of a refusal, in French. */
  errorMessage: (error: unknown) => string;
  /** The heading level of its two titles (under the page's or the card's). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-factor enrolment: the QR code of the key's otpauth address and the key written out (for an
 * app that cannot scan), a first code to confirm it, then the ten recovery codes, shown once (with
 * a text file to keep). The QR code is drawn as SVG by `qrcode`, loaded with this step only.
 */
export default function TwoFactorEnrolment({ setup, confirm, finishLabel, onFinished, onCancel, account, errorMessage, headingLevel = 'h3' }: TwoFactorEnrolmentProps) {
  const id = useId();
  const [key, setKey] = useState<TwoFactorSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const codesTitle = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // One key per enrolment (a second call would replace the first one's).
    if (started.current) return;
    started.current = true;
    setup()
      .then(async (answer) => {
        setKey(answer);
        const { toString } = await import('qrcode');
        const svg = await toString(answer.otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((e) => setLoadError(`${t.setupError} ${errorMessage(e)}`));
  }, [setup, errorMessage]);

  useEffect(() => {
    if (codes) codesTitle.current?.focus();
  }, [codes]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError(t.codeInvalid);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setCodes(await confirm(value));
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
      requestAnimationFrame(() => input.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    const text = [format(t.downloadHeader, { account }), '', ...(codes ?? [])].join('\n');
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t.downloadName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  if (codes) {
    return (
      <Box>
        <Alert severity="success" sx={{ mb: 2 }}>
          {t.enabled}
        </Alert>
        <Typography ref={codesTitle} tabIndex={-1} component={headingLevel} variant="h6" sx={{ fontSize: 17, fontWeight: 600, outline: 'none' }}>
          {t.recoveryTitle}
        </Typography>
        <Typography id={`${id}-codes-intro`} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t.recoveryIntro}
        </Typography>
        <Box
          component="ol"
          aria-label={t.recoveryListLabel}
          aria-describedby={`${id}-codes-intro`}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(136px, 1fr))', gap: 1, p: 1.5, m: 0, listStylePosition: 'inside', bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 15, '& li': { whiteSpace: 'nowrap' } }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
            {t.download}
          </Button>
          <Button variant="contained" onClick={onFinished}>
            {finishLabel}
          </Button>
        </Box>
      </Box>
    );
  }

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!key)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{t.loading}</Typography>
      </Box>
    );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Box component="ol" aria-label={t.stepsLabel} sx={{ pl: 2.5, mt: 0, mb: 2, display: 'grid', gap: 0.5 }}>
        {t.steps.map((step) => (
          <Typography key={step} component="li" variant="body2">
            {step}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ width: 184, height: 184, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, flexShrink: 0 }}>
          {qr ? <img src={qr} alt={t.qrAlt} width={166} height={166} style={{ display: 'block' }} /> : <CircularProgress size={20} aria-hidden />}
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography id={`${id}-key-label`} variant="body2" color="text.secondary">
            {t.keyLabel}
          </Typography>
          <Typography aria-labelledby={`${id}-key-label`} data-testid="two-factor-key" sx={{ fontFamily: 'monospace', fontSize: 17, overflowWrap: 'anywhere', userSelect: 'all' }}>
            {grouped(key.secret)}
          </Typography>
        </Box>
      </Box>
      {error && (
        <Alert id={`${id}-error`} severity="error" variant="outlined" sx={{ my: 1 }} role="alert">
          {error}
        </Alert>
      )}
      <FormControl margin="normal" disabled={busy} sx={{ maxWidth: 260 }} fullWidth>
        <InputLabel htmlFor={`${id}-code`}>{t.code}</InputLabel>
        <FilledInput
          id={`${id}-code`}
          inputRef={input}
          name="code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(null);
          }}
          autoComplete="one-time-code"
          inputProps={{ inputMode: 'numeric', maxLength: 7, 'aria-required': true, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined }}
        />
      </FormControl>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
          {busy ? t.confirming : t.confirm}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
        )}
      </Box>
    </Box>
  );
}
