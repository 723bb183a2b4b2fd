import { useEffect, useId, useState } from 'react';
import type { Identifier } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_STATUS_LABELS, REPORT_STATUSES, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { fr, format } from '../../i18n/fr';
import { StatusBadge } from './ReportBadges';
import { useReportActions } from './useReportActions';

const l = fr.resources.signalements.statusDialog;

export interface StatusChangeDialogProps {
  open: boolean;
  ids: Identifier[];
  /** The current status of a single report (disabled in the list); none for several. */
  current?: ReportStatus;
  onClose: () => void;
}

/** The specification's status dialog: current status, a select of the others, "Changer le statut" once a different one is chosen. */
export function StatusChangeDialog({ open, ids, current, onClose }: StatusChangeDialogProps) {
  const id = useId();
  const { changeStatus } = useReportActions();
  const [next, setNext] = useState<ReportStatus | ''>('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setNext('');
  }, [open]);

  const submit = async () => {
    if (!next || next === current) return;
    setBusy(true);
    const ok = await changeStatus(ids, next);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{ids.length > 1 ? format(l.bulkTitle, { n: ids.length }) : l.title}</DialogTitle>
      <DialogContent>
        {current && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {l.current} :
            </Typography>
            <StatusBadge status={current} />
          </Box>
        )}
        <TextField
          select
          fullWidth
          label={l.next}
          value={next}
          onChange={(e) => setNext(e.target.value as ReportStatus)}
          sx={{ mt: current ? 0 : 1 }}
        >
          {REPORT_STATUSES.map((status) => (
            <MenuItem key={status} value={status} disabled={status === current}>
              {REPORT_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {l.cancel}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !next || next === current}>
          {l.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
