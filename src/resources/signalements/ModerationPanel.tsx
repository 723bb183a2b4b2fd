import { useState } from 'react';
import type { RaRecord } from 'ra-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MODERATION_STATUS } from '@mamoudzou/domain/vocabulary';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { useCustomCalls } from '../../providers/customCalls';
import { useSettings } from '../../providers/settings';
import { messages } from './messages';
import { reportStatus } from './reportRecord';

const l = messages.moderation;

/**
 * A report from the citizens' channel awaiting moderation: « Approuver » makes it « Nouveau »;
 * « Rejeter… » asks for one of the settings' reasons, which the citizen is sent.
 */
export function ModerationPanel({ record, canModerate }: { record: RaRecord; canModerate: boolean }) {
  const { settings } = useSettings();
  const calls = useCustomCalls();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (body: { decision: 'approve' | 'reject'; reason?: string }) => calls.send('POST', `/api/reports/${record.id}/moderation`, body),
    onSuccess: (_answer, body) => toast({ title: body.decision === 'approve' ? l.approved : l.rejected }),
    onError: (error) => toast({ title: l.errorTitle, description: frenchErrorMessage(error), variant: 'destructive' }),
    // The list, its count in the menu, this report and its timeline.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['signalements'] }),
  });
  if (reportStatus(record) !== MODERATION_STATUS) return null;
  const reasons = settings.signalementRejectionReasons ?? [];
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="region" aria-label={l.title}>
      <AlertTitle>{l.title}</AlertTitle>
      {l.help}
      {canModerate && (
        <Box sx={{ mt: 1.5 }}>
          {!rejecting ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" color="success" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'approve' })} sx={{ minHeight: 44 }}>
                {l.approve}
              </Button>
              <Button variant="outlined" color="error" disabled={decide.isPending} onClick={() => setRejecting(true)} sx={{ minHeight: 44 }}>
                {l.reject}
              </Button>
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5, bgcolor: 'background.paper', p: 1.5, borderRadius: 1 }}>
              <TextField select fullWidth label={l.reason} helperText={l.reasonHelp} value={reason} onChange={(e) => setReason(e.target.value)}>
                {reasons.map((r) => (
                  <MenuItem key={r} value={r}>
                    {r}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" color="error" disabled={!reason || decide.isPending} onClick={() => decide.mutate({ decision: 'reject', reason })} sx={{ minHeight: 44 }}>
                  {l.confirmReject}
                </Button>
                <Button onClick={() => setRejecting(false)} sx={{ minHeight: 44 }}>
                  {l.cancel}
                </Button>
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Alert>
  );
}
