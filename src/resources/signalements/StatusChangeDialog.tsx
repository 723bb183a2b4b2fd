import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_STATUS_LABELS, STAFF_REPORT_STATUSES, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { UpdateDialog } from '../../generic/dialogs/UpdateDialog';
import { FieldCell } from '../../generic/fields/FieldCell';
import { useResourceScreen } from '../../generic/screen';
import type { ActionDialogProps } from '../../generic/types';
import { fieldOf } from '../../generic/values';
import { format } from '../../i18n/fr';
import { messages } from './messages';
import { reportStatus } from './reportRecord';
import { useWriteTimeline } from './useTimeline';
import { ReplyTemplatePicker } from './ReplyTemplatePicker';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';

const l = messages.statusDialog;

/** The specification's status dialog: the current status, a select of the others, "Changer le statut" once a different one is chosen. */
export default function StatusChangeDialog(props: ActionDialogProps) {
  const { record } = props;
  const { config } = useResourceScreen();
  const current: ReportStatus | undefined = record ? reportStatus(record) : undefined;
  const [next, setNext] = useState<ReportStatus | ''>('');
  const [reply, setReply] = useState('');
  const [note, setNote] = useState('');
  const write = useWriteTimeline();
  const toast = useToast();
  const failed = (error: unknown) => toast({ title: messages.timeline.errorTitle, description: `${l.timelineError} ${frenchErrorMessage(error)}`, variant: 'destructive' });
  const chosen = next && next !== current ? next : null;
  // The reply and the note go on each report's timeline once its status is written.
  const afterSave = async (ids: ActionDialogProps['ids']) => {
    if (reply.trim()) await write.mutateAsync({ reports: ids, text: reply.trim(), isPublic: true }).catch(failed);
    if (note.trim()) await write.mutateAsync({ reports: ids, text: note.trim(), isPublic: false }).catch(failed);
  };
  return (
    <UpdateDialog
      {...props}
      texts={l}
      data={chosen ? { report_status: chosen } : null}
      successMessage={chosen ? format(l.successMessage, { status: REPORT_STATUS_LABELS[chosen] }) : undefined}
      afterSave={afterSave}
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
        {STAFF_REPORT_STATUSES.map((status) => (
          <MenuItem key={status} value={status} disabled={status === current}>
            {REPORT_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      {record && <ReplyTemplatePicker record={record} status={chosen ?? current} onPick={setReply} />}
      <TextField label={l.reply} helperText={l.replyHelp} value={reply} onChange={(e) => setReply(e.target.value)} multiline minRows={2} fullWidth sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 4000 } }} />
      <TextField label={l.note} helperText={l.noteHelp} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} fullWidth sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 4000 } }} />
    </UpdateDialog>
  );
}
