import { useId, useState } from 'react';
import { useDelete, useUpdate, type RaRecord } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DoneIcon from '@mui/icons-material/Done';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { InfoList, InfoRow } from '../../generic/dialogs/DetailParts';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { messages as l } from './messages';
import { RESOURCE, useMarkOpened } from './useNotifications';

const n = fr.notifications;

/** The extra data a notification carries, as lines ("Lieu", "Date", "Statut"...). */
function dataLines(data: unknown): [string, string][] {
  if (!data || typeof data !== 'object') return [];
  const labels = l.dataLabels as Record<string, string>;
  return Object.entries(data as Record<string, unknown>)
    .filter(([key, value]) => key in labels && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => [labels[key], key === 'date' ? formatDate(value, 'dd/MM/yyyy') || String(value) : String(value)]);
}

/**
 * What a notification card of /notifications shows under its badges: the
 * mark-read button for an unread one, the delete button, a link to what it is about, and its
 * extra data folded behind "Détails".
 */
export default function NotificationCardBody({ record }: { record: RaRecord }) {
  const id = useId();
  const toast = useToast();
  const [update, { isPending: marking }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const [open, setOpen] = useState(false);
  const markOpened = useMarkOpened();
  const title = String(record.title ?? '');
  const url = (record.data as { url?: unknown } | null)?.url;
  const lines = dataLines(record.data);
  const failed = (error: unknown) => toast({ title: n.errorTitle, description: `${n.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' });
  return (
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'grid', gap: 1 }}>
      {record.read && record.readAt ? (
        <Typography variant="caption" color="text.secondary">
          {format(n.readOn, { date: formatDate(record.readAt) })}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!record.read && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<DoneIcon />}
            disabled={marking}
            aria-label={format(n.markRead, { title })}
            onClick={() => update(RESOURCE, { id: record.id, data: { read: true }, previousData: { id: record.id } }, { mutationMode: 'pessimistic', onError: failed })}
          >
            {l.markRead}
          </Button>
        )}
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={removing}
          aria-label={format(n.delete, { title })}
          onClick={() => remove(RESOURCE, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', onError: failed })}
        >
          {fr.generic.delete}
        </Button>
        {typeof url === 'string' && url.startsWith('/') && (
          <Button size="small" component={RouterLink} to={url} startIcon={<OpenIcon />} onClick={() => markOpened(record)}>
            {l.open}
          </Button>
        )}
        {lines.length > 0 && (
          <Button size="small" aria-expanded={open} aria-controls={`${id}-data`} onClick={() => setOpen((o) => !o)}>
            {l.fields.data}
          </Button>
        )}
      </Box>
      {lines.length > 0 && (
        <Collapse in={open} id={`${id}-data`}>
          <InfoList>
            {lines.map(([label, value]) => (
              <InfoRow key={label} label={label}>
                {value}
              </InfoRow>
            ))}
          </InfoList>
        </Collapse>
      )}
    </Box>
  );
}
