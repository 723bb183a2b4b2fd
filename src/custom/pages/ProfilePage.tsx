import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, useAuthProvider } from 'ra-core';
import { PasswordInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import * as z from 'zod/mini';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import { errorCodeOf, frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { UserAvatar } from '../../common/UserAvatar';
import { PasswordRulesList } from '../../generic/fields/PasswordPolicyInput';
import { passwordPolicyOf, passwordSchema } from '../../generic/schema';
import { zodOf, zodValidate } from '../../generic/validation';
import { formatDate } from '../../i18n/dates';
import { fr } from '../../i18n/fr';
import type { StrapiAuthProvider } from '../../providers/authProvider';
import { useCustomCalls } from '../../providers/customCalls';
import { useRealtime } from '../../providers/RealtimeContext';
import { useSettings } from '../../providers/settings';
import { PageTitle } from '../../common/PageTitle';
import { useIdentity } from '../../common/access/useAccess';

const t = fr.profile;

const TwoFactorSection = lazy(() => import('./TwoFactorSection'));

interface Me {
  id: number;
  username: string;
  email: string;
  service?: string | null;
  lastAccess?: string | null;
  role?: { name?: string } | null;
}

/** Name, email, role, service and last access of the logged-in user (GET /api/users/me). */
function Identity() {
  const calls = useCustomCalls();
  // Under the users resource: an administrator's write to the users refreshes it too.
  const { data: me, isPending, error } = useQuery({
    queryKey: ['utilisateurs', 'me'],
    queryFn: ({ signal }) => calls.get<Me>('/api/users/me', { populate: 'role' }, signal),
  });
  if (error) return <Alert severity="error">{`${t.loadingError} : ${frenchErrorMessage(error)}`}</Alert>;
  if (isPending || !me)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{t.loading}</Typography>
      </Box>
    );
  const rows: [string, string][] = [
    [t.username, me.username],
    [t.email, me.email],
    [t.role, roleLabelOf(me.role?.name)],
    [t.service, me.service || t.noService],
    [t.lastAccess, me.lastAccess ? formatDate(me.lastAccess) : t.never],
  ];
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <UserAvatar name={me.username || me.email} size={56} />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0, flex: 1, minWidth: 240 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The new password's input with the policy's rules marked as it is typed. */
function NewPasswordInput({ policy }: { policy: ReturnType<typeof passwordPolicyOf> }) {
  const password = useWatch({ name: 'password' }) ?? '';
  return (
    <>
      <PasswordInput
        source="password"
        label={t.password.next}
        isRequired
        fullWidth
        helperText={false}
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'aria-describedby': 'profile-password-rules', 'aria-required': true } }}
      />
      <PasswordRulesList id="profile-password-rules" password={String(password)} policy={policy} />
    </>
  );
}

function SubmitButton({ busy }: { busy: boolean }) {
  const { formState } = useFormContext();
  return (
    <Button type="submit" variant="contained" disabled={busy || formState.isSubmitting}>
      {busy ? t.password.submitting : t.password.submit}
    </Button>
  );
}

/**
 * The password change: the current password, a new one under the settings' policy (its rules shown
 * as it is typed, a French message per broken rule) and its confirmation. The backend checks the
 * current password and the policy again, ends the account's other sessions and gives this browser
 * a new token: the user stays logged in here.
 */
function PasswordChange() {
  const authProvider = useAuthProvider() as StrapiAuthProvider | undefined;
  const realtime = useRealtime();
  const toast = useToast();
  const { settings } = useSettings();
  const policy = passwordPolicyOf(settings);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const validate = useMemo(
    () =>
      zodValidate(
        z
          .object({
            currentPassword: z.string({ error: t.password.currentRequired }).check(z.minLength(1, t.password.currentRequired)),
            password: zodOf(passwordSchema(policy)),
            passwordConfirmation: z.string({ error: t.password.mismatch }),
          })
          .check(
            z.refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: t.password.mismatch }),
            z.refine((v) => v.password !== v.currentPassword, { path: ['password'], message: t.password.sameAsCurrent }),
          ),
      ),
    [policy],
  );
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await authProvider!.changePassword({
        currentPassword: String(values.currentPassword),
        password: String(values.password),
        passwordConfirmation: String(values.passwordConfirmation),
      });
      // The socket's session ended with the others: it reconnects with the new token.
      realtime.connect();
      toast({ title: t.password.success.title, description: t.password.success.message, variant: 'success' });
      setFormKey((k) => k + 1);
      return undefined;
    } catch (error) {
      const message = frenchErrorMessage(error);
      if (errorCodeOf(error) === 'wrong_current_password') return { currentPassword: t.password.wrongCurrent };
      toast({ title: t.password.error.title, description: `${t.password.error.message} ${message}`, variant: 'destructive' });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form key={formKey} validate={validate} onSubmit={submit} noValidate>
      <Box sx={{ display: 'grid', maxWidth: 460 }}>
        <PasswordInput source="currentPassword" label={t.password.current} isRequired fullWidth helperText={false} autoComplete="current-password" slotProps={{ htmlInput: { 'aria-required': true } }} />
        <NewPasswordInput policy={policy} />
        <PasswordInput source="passwordConfirmation" label={t.password.confirm} isRequired fullWidth helperText={false} autoComplete="new-password" slotProps={{ htmlInput: { 'aria-required': true } }} />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.password.sessionsNotice}
        </Typography>
        <Box>
          <SubmitButton busy={busy} />
        </Box>
      </Box>
    </Form>
  );
}

/** Mon profil (/profil, from the user menu): who is logged in, the password change and the two-factor login. */
export default function ProfilePage() {
  const { identity } = useIdentity();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 900 }}>
      <PageTitle title={t.title} />
      <Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.subtitle}
        </Typography>
      </Box>
      <Card variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="profile-identity">
        <Typography id="profile-identity" variant="h6" component="h3" sx={{ fontSize: 17, fontWeight: 600, mb: 1.5 }}>
          {t.identity}
        </Typography>
        <Identity />
      </Card>
      <Card variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="profile-password">
        <Typography id="profile-password" variant="h6" component="h3" sx={{ fontSize: 17, fontWeight: 600, mb: 1.5 }}>
          {t.password.title}
        </Typography>
        <PasswordChange />
      </Card>
      <Card variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="profile-two-factor">
        <Typography id="profile-two-factor" variant="h6" component="h3" sx={{ fontSize: 17, fontWeight: 600, mb: 1.5 }}>
          {t.twoFactor.title}
        </Typography>
        <Suspense fallback={<CircularProgress size={20} aria-label={t.twoFactor.loading} />}>
          <TwoFactorSection account={String(identity?.email ?? identity?.fullName ?? '')} />
        </Suspense>
      </Card>
    </Box>
  );
}
