import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ActionDialogFrame } from '../../common/ActionDialogFrame';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import type { ActionDialogProps } from '../../generic/types';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { useCustomCalls } from '../../providers/customCalls';
import { messages } from './messages';

const t = messages.resetTwoFactor;

interface Status {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/**
 * An administrator's reset of a person's two-factor (a lost phone): the person's state first, then
 * a confirmation; the backend erases the key and recovery codes, ends the sessions and audits it.
 */
export default function TwoFactorResetDialog({ open, record, onClose }: ActionDialogProps) {
  const calls = useCustomCalls();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const id = record?.id;
  const name = String(record?.username ?? record?.email ?? '');
  const { data, error, isPending } = useQuery({
    queryKey: ['utilisateurs', id, 'two-factor'],
    queryFn: async ({ signal }) => (await calls.get<{ data: Status }>(`/api/users/${id}/two-factor`, {}, signal)).data,
    enabled: open && id !== undefined,
  });
  const submit = async () => {
    setBusy(true);
    try {
      await calls.send('POST', `/api/users/${id}/two-factor/reset`);
      toast({ title: t.success.title, description: t.success.message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['utilisateurs', id, 'two-factor'] });
      onClose();
    } catch (e) {
      toast({ title: t.error.title, description: `${t.error.message} ${frenchErrorMessage(e)}`, variant: 'destructive' });
      setBusy(false);
    }
  };
  const description = error
    ? undefined
    : data?.enabled
      ? format(t.enabled, { name, date: data.enabledAt ? formatDate(data.enabledAt) : '', n: data.recoveryCodesLeft })
      : data
        ? format(t.notEnabled, { name })
        : undefined;
  return (
    <ActionDialogFrame
      open={open}
      title={t.title}
      description={description}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t.confirm}
      cancelLabel={data && !data.enabled ? t.close : fr.generic.cancel}
      canSubmit={!!data?.enabled}
      busy={busy}
      destructive
    >
      {isPending && open && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t.loading}</Typography>
        </Box>
      )}
      {error && <Alert severity="error">{frenchErrorMessage(error)}</Alert>}
      {data?.enabled && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.consequence}
        </Typography>
      )}
    </ActionDialogFrame>
  );
}
