import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_STATUS_LABELS, REPORT_STATUSES, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { UpdateDialog } from '../../generic/dialogs/UpdateDialog';
import { FieldCell } from '../../generic/fields/FieldCell';
import { useResourceScreen } from '../../generic/screen';
import type { ActionDialogProps } from '../../generic/types';
import { fieldOf } from '../../generic/values';
import { format } from '../../i18n/fr';
import { messages } from './messages';
import { reportStatus } from './reportRecord';

const l = messages.statusDialog;

/** The specification's status dialog: the current status, a select of the others, "Changer le statut" once a different one is chosen. */
export default function StatusChangeDialog(props: ActionDialogProps) {
  const { record } = props;
  const { config } = useResourceScreen();
  const current: ReportStatus | undefined = record ? reportStatus(record) : undefined;
  const [next, setNext] = useState<ReportStatus | ''>('');
  const chosen = next && next !== current ? next : null;
  return (
    <UpdateDialog
      {...props}
      texts={l}
      data={chosen ? { report_status: chosen } : null}
      successMessage={chosen ? format(l.successMessage, { status: REPORT_STATUS_LABELS[chosen] }) : undefined}
    >
      {record && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {l.current} :
          </Typography>
          <FieldCell field={fieldOf(config, 'report_status')} record={record} />
        </Box>
      )}
      <TextField select fullWidth label={l.next} value={next} onChange={(e) => setNext(e.target.value as ReportStatus)} sx={{ mt: record ? 0 : 1 }}>
        {REPORT_STATUSES.map((status) => (
          <MenuItem key={status} value={status} disabled={status === current}>
            {REPORT_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
    </UpdateDialog>
  );
}
