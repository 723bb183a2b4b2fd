import { useId, useState } from 'react';
import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_UPDATE_LABELS } from '@mamoudzou/domain/timeline';
import { REPORT_STATUS_LABELS } from '@mamoudzou/domain/vocabulary';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { DetailSection } from '../../generic/dialogs/DetailParts';
import { formatDate } from '../../i18n/dates';
import { format } from '../../i18n/fr';
import { messages } from './messages';
import { useTimeline, useWriteTimeline, type TimelineLine } from './useTimeline';
import { ReplyTemplatePicker } from './ReplyTemplatePicker';
import { reportStatus } from './reportRecord';
import { fr } from '../../i18n/fr';
import { Badge } from '../../common/Badge';
import { pendingLines, usePendingWrites } from './pendingWrites';

const t = messages.timeline;

function Line({ line, pending = false }: { line: TimelineLine; pending?: boolean }) {
  const status =
    line.kind === 'status' && line.statusBefore && line.statusAfter
      ? format(t.statusChange, { before: REPORT_STATUS_LABELS[line.statusBefore], after: REPORT_STATUS_LABELS[line.statusAfter] })
      : null;
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: line.kind === 'reply' ? 'primary.main' : line.kind === 'note' ? 'warning.main' : line.kind === 'reminder' ? 'error.main' : 'divider', pl: 1.5, py: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {REPORT_UPDATE_LABELS[line.kind]}
        </Typography>
        <Chip size="small" label={line.public ? t.public : t.internal} variant="outlined" />
        {pending && <Badge label={fr.offline.waiting} tone="grey" />}
        <Typography component="span" variant="body2" color="text.secondary">
          {formatDate(line.createdAt)}
          {line.authorName ? ` · ${line.authorName}` : ''}
        </Typography>
      </Box>
      {status && <Typography variant="body2">{status}</Typography>}
      {line.text && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {line.kind === 'created' ? format(t.via, { source: line.text }) : line.text}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The report's timeline in its detail dialog: receipt, status changes, assignments, replies and
 * notes in order; staff who edit reports write a reply to the citizen or an internal note below.
 */
export function ReportTimeline({ record, canWrite }: { record: RaRecord; canWrite: boolean }) {
  const report = record.id;
  const timeline = useTimeline(report);
  // What the agent wrote on this device and is not sent yet: after the saved lines, marked so.
  const pending = pendingLines(usePendingWrites(report), timeline.data?.findLast((line) => line.statusAfter)?.statusAfter ?? null);
  const write = useWriteTimeline();
  const toast = useToast();
  const [text, setText] = useState('');
  // Each line sent starts the reply afresh, its template picker too.
  const [sent, setSent] = useState(0);
  const inputId = useId();
  const send = (isPublic: boolean) =>
    write.mutate(
      { reports: [report], text: text.trim(), isPublic },
      {
        onSuccess: () => {
          setText('');
          setSent((n) => n + 1);
          toast({ title: isPublic ? t.replySent : t.noteSaved, variant: 'success' });
        },
        onError: (error) => toast({ title: t.errorTitle, description: frenchErrorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <DetailSection title={t.title}>
      {timeline.isPending && <Typography color="text.secondary">{t.loading}</Typography>}
      {timeline.isError && <Typography role="alert" color="error">{frenchErrorMessage(timeline.error)}</Typography>}
      {timeline.data && (
        <Box component="ol" aria-label={t.title} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {timeline.data.map((line) => (
            <Line key={line.documentId} line={line} />
          ))}
          {pending.map((line) => (
            <Line key={line.documentId} line={line} pending />
          ))}
        </Box>
      )}
      {canWrite && (
        <Box sx={{ mt: 2 }}>
          <Box sx={{ mb: 2 }}>
            {/* A reply changes no status: every template of the type, whatever the status, the current one's first. */}
            <ReplyTemplatePicker key={sent} record={record} current={reportStatus(record)} onPick={setText} />
          </Box>
          <TextField
            id={inputId}
            label={t.write}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 4000 } }}
            helperText={t.writeHelp}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button variant="contained" disabled={!text.trim() || write.isPending} onClick={() => send(true)}>
              {t.reply}
            </Button>
            <Button variant="outlined" disabled={!text.trim() || write.isPending} onClick={() => send(false)}>
              {t.note}
            </Button>
          </Box>
        </Box>
      )}
    </DetailSection>
  );
}
