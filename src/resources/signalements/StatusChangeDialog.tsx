import { startTransition, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_STATUS_LABELS, STAFF_REPORT_STATUSES, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { useIsPhone } from '../../common/breakpoints';
import { UpdateDialog } from '../../generic/dialogs/UpdateDialog';
import { FieldCell } from '../../generic/fields/FieldCell';
import { useResourceScreen } from '../../generic/screen';
import type { ActionDialogProps } from '../../generic/types';
import { fieldOf } from '../../generic/values';
import { format } from '../../i18n/fr';
import { messages } from './messages';
import { STATUS_COLORS } from './reportMap';
import { reportStatus } from './reportRecord';
import { useWriteTimeline } from './useTimeline';
import { ReplyTemplatePicker } from './ReplyTemplatePicker';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';

const l = messages.statusDialog;

/**
 * The statuses' options on a phone: native radios in whole-row labels under one styled root. MUI's Radio is a
 * ripple button and two icons per option, each styled as it renders: five of them were a good part of the
 * dialog's opening on a phone, and a native radio is what assistive technologies know best.
 */
const Choices = styled('fieldset')(({ theme }) => ({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  '& legend': { ...theme.typography.subtitle2, padding: 0, marginBottom: theme.spacing(1) },
  '& .status-options': { display: 'grid', gap: theme.spacing(1) },
  '& label': {
    ...theme.typography.body1,
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    minHeight: 52,
    padding: theme.spacing(0, 1.5),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    cursor: 'pointer',
  },
  '& label:has(input:checked)': { borderColor: theme.palette.primary.main, backgroundColor: theme.palette.action.selected, fontWeight: 600 },
  '& label:has(input:disabled)': { color: theme.palette.text.disabled, cursor: 'default' },
  '& label:has(input:focus-visible)': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& input': { width: 22, height: 22, margin: 0, flexShrink: 0, accentColor: theme.palette.primary.main },
  '& .status-dot': { width: 12, height: 12, borderRadius: '50%', flexShrink: 0 },
}));

/**
 * On a phone, the statuses as large options to tap (a radio group), each a whole row with its
 * colour; the current one is there, marked and disabled, so the list reads the same every time.
 */
function StatusChoices({ current, value, onChange }: { current?: ReportStatus; value: ReportStatus | ''; onChange: (status: ReportStatus) => void }) {
  const legendId = useId();
  const name = useId();
  return (
    <Choices>
      <legend id={legendId}>{l.next}</legend>
      <div role="radiogroup" aria-labelledby={legendId} className="status-options">
        {STAFF_REPORT_STATUSES.map((status) => (
          <label key={status}>
            <input type="radio" name={name} value={status} checked={value === status} disabled={status === current} onChange={() => onChange(status)} />
            <span className="status-dot" aria-hidden style={{ backgroundColor: STATUS_COLORS[status] }} />
            <span>{status === current ? `${REPORT_STATUS_LABELS[status]} (${l.currentMark})` : REPORT_STATUS_LABELS[status]}</span>
          </label>
        ))}
      </div>
    </Choices>
  );
}

/** The status dialog: the current status, a select of the others, "Changer le statut" once a different one is chosen. */
export default function StatusChangeDialog(props: ActionDialogProps) {
  const { record } = props;
  const { config } = useResourceScreen();
  const phone = useIsPhone();
  const current: ReportStatus | undefined = record ? reportStatus(record) : undefined;
  const [next, setNext] = useState<ReportStatus | ''>('');
  const [reply, setReply] = useState('');
  const [note, setNote] = useState('');
  const write = useWriteTimeline();
  const toast = useToast();
  const failed = (error: unknown) => toast({ title: messages.timeline.errorTitle, description: `${l.timelineError} ${frenchErrorMessage(error)}`, variant: 'destructive' });
  const chosen = next && next !== current ? next : null;
  // On a phone the statuses come first, at the tap; the reply, the note and the templates under them follow in the
  // next frames (a render React may interrupt for a tap): the two text areas measure themselves as they mount, and
  // were most of the dialog's opening on a mid-range phone. The full-screen dialog grows downwards, nothing moves.
  const [rest, setRest] = useState(!phone);
  useEffect(() => {
    if (!rest) startTransition(() => setRest(true));
  }, [rest]);
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
      // Shown at once on the report, with « Annuler » while its toast is up; sent when the toast goes.
      undoable={current ? { undo: l.undo, reverted: format(l.reverted, { status: REPORT_STATUS_LABELS[current] }) } : undefined}
    >
      {record && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {l.current} :
          </Typography>
          <FieldCell field={fieldOf(config, 'report_status')} record={record} />
        </Box>
      )}
      {phone ? (
        <StatusChoices current={current} value={next} onChange={setNext} />
      ) : (
        <TextField select fullWidth label={l.next} value={next} onChange={(e) => setNext(e.target.value as ReportStatus)} sx={{ mt: record ? 0 : 1 }}>
          {STAFF_REPORT_STATUSES.map((status) => (
            <MenuItem key={status} value={status} disabled={status === current}>
              {REPORT_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {rest && (
        <>
          {record && <ReplyTemplatePicker record={record} status={chosen ?? current} onPick={setReply} />}
          <TextField label={l.reply} helperText={l.replyHelp} value={reply} onChange={(e) => setReply(e.target.value)} multiline minRows={2} fullWidth sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 4000 } }} />
          <TextField label={l.note} helperText={l.noteHelp} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} fullWidth sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 4000 } }} />
        </>
      )}
    </UpdateDialog>
  );
}
