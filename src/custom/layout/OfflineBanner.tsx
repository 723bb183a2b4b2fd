import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Badge, type BadgeTone } from '../../common/Badge';
import { fr, format } from '../../i18n/fr';
import { formatDate } from '../../i18n/dates';
import { lastAnswerAt } from '../../offline/persistence';
import type { QueuedWrite } from '../../offline/queue';
import { useOfflineSupport, useOnline, useQueuedWrites } from '../../providers/OfflineContext';

const l = fr.offline;

const STATE_BADGE: Record<QueuedWrite['state'], { label: string; tone: BadgeTone }> = {
  pending: { label: l.waiting, tone: 'grey' },
  conflict: { label: l.conflict, tone: 'amber' },
  failed: { label: l.refused, tone: 'red' },
};

/** The writes kept on the device, each with its state; a conflict or a refusal can be set aside. */
function QueueList({ writes }: { writes: QueuedWrite[] }) {
  const offline = useOfflineSupport();
  return (
    <List dense aria-label={l.queueTitle} sx={{ py: 0 }}>
      {writes.map((write) => (
        <ListItem key={write.key} disableGutters sx={{ display: 'block', py: 0.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Badge label={STATE_BADGE[write.state].label} tone={STATE_BADGE[write.state].tone} />
            <Typography variant="body2" component="span">
              {write.label}
            </Typography>
          </Box>
          {write.error && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {write.error} {write.state === 'conflict' && l.conflictHelp}
            </Typography>
          )}
          {write.state !== 'pending' && (
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
              <Button size="small" component={Link} to={`/signalements/${encodeURIComponent(write.record)}`} sx={{ minHeight: 44 }}>
                {l.openReport}
              </Button>
              <Button size="small" color="inherit" onClick={() => void offline?.queue.discard(write.key)} aria-label={format(l.discardLabel, { label: write.label })} sx={{ minHeight: 44 }}>
                {l.discard}
              </Button>
            </Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}

/**
 * « Hors ligne » with the time of the last answer the device holds, and what waits to be sent;
 * online, what could not be sent (a conflict, a refusal) until the agent sets it aside.
 */
export function OfflineBanner() {
  const online = useOnline();
  const writes = useQueuedWrites();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const problems = writes.filter((w) => w.state !== 'pending');
  if (online && writes.length === 0) return null;
  const waiting = writes.length - problems.length;
  const at = lastAnswerAt(queryClient);
  const showList = open || (online && problems.length > 0);

  return (
    <Alert
      role="status"
      severity={online ? (problems.length ? 'warning' : 'info') : 'warning'}
      icon={online ? <CloudUploadIcon /> : <CloudOffIcon />}
      sx={{ borderRadius: 0, alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}
      action={
        writes.length > 0 && !(online && problems.length) ? (
          <Button color="inherit" size="small" onClick={() => setOpen((v) => !v)} aria-expanded={showList} sx={{ minHeight: 44 }}>
            {open ? l.hideQueue : l.showQueue}
          </Button>
        ) : undefined
      }
    >
      {!online && (
        <Typography variant="body2">
          <strong>{l.banner}</strong> — {at ? format(l.bannerDetail, { date: formatDate(at) }) : l.bannerNoData}
        </Typography>
      )}
      {waiting > 0 && <Typography variant="body2">{online ? l.sending : waiting === 1 ? l.pendingOne : format(l.pending, { count: waiting })}</Typography>}
      {problems.length > 0 && <Typography variant="body2">{format(l.problems, { count: problems.length })}</Typography>}
      {showList && <QueueList writes={writes} />}
    </Alert>
  );
}
