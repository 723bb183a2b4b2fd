import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowIcon from '@mui/icons-material/ArrowForward';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import { messages as roleMessages } from '../utilisateurs/roleMessages';
import { moduleLabelOf } from './auditLabels';
import { ARTICLE_STATUS_LABELS, REPORT_PRIORITY_LABELS, REPORT_STATUS_LABELS } from '@mamoudzou/domain/vocabulary';
import { fr, format } from '../../i18n/fr';
import { messages } from './messages';
import { formatDate } from '../../i18n/dates';
import { hoursToText } from '@mamoudzou/domain/openingHours';
import type { OpeningHours } from '@mamoudzou/domain/vocabulary';

const t = messages.changes;
const names = messages.fieldNames;

type Change = { before?: unknown; after?: unknown; masked?: boolean };

/** Stored codes of the fields whose values are codes, in French. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { ...fr.statuses.user, ...fr.statuses.place, ...ARTICLE_STATUS_LABELS },
  report_status: REPORT_STATUS_LABELS,
  priority: REPORT_PRIORITY_LABELS,
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A stored value as a person reads it: Oui/Non, dates in the town's time, roles in French, '—' for nothing. */
export function changeText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.empty;
  if (typeof value === 'boolean') return value ? fr.generic.yes : fr.generic.no;
  if (field === 'role' && typeof value === 'string') return roleLabelOf(value);
  if (typeof value === 'string' && VALUE_LABELS[field]?.[value]) return VALUE_LABELS[field][value];
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDate(value) : value;
  if (typeof value === 'number') return String(value);
  // A custom role's grants: « Signalements : Lecture, Modification ; Contenus : Lecture ».
  if (field === 'grants' && typeof value === 'object' && !Array.isArray(value)) {
    const rows = Object.entries(value as Record<string, unknown>).filter(([, actions]) => Array.isArray(actions) && actions.length);
    if (!rows.length) return t.empty;
    return rows.map(([module, actions]) => `${moduleLabelOf(module)} : ${(actions as string[]).map((a) => roleMessages.actions[a as keyof typeof roleMessages.actions] ?? a).join(', ')}`).join(' ; ');
  }
  if (field === 'openingHours' && typeof value === 'object') return hoursToText(value as OpeningHours) || t.empty;
  // A list: its items, or the names of its files.
  if (Array.isArray(value)) {
    const items = value.map((item) => (item && typeof item === 'object' ? String((item as { name?: unknown }).name ?? '') : changeText(field, item))).filter(Boolean);
    return items.length ? items.join(', ') : t.empty;
  }
  // Any other group of values: each named in French, never the stored data as it is.
  const rows = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return rows.length ? rows.map(([key, v]) => `${names[key] ?? key} : ${changeText(key, v)}`).join(' ; ') : t.empty;
}

/** An unfolded audit entry: each changed field, its value before and after (a password only "modifié"). */
export default function AuditChanges({ record }: { record: RaRecord }) {
  const changes = (record.changes ?? null) as Record<string, Change> | null;
  const entries = changes ? Object.entries(changes) : [];
  const fields = Array.isArray(record.changedFields) ? (record.changedFields as string[]) : [];
  return (
    <Box sx={{ py: 1, px: { xs: 0, sm: 2 } }}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {t.title}
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {fields.length ? format(t.fieldsOnly, { fields: fields.map((f) => names[f] ?? f).join(', ') }) : t.none}
        </Typography>
      ) : (
        <Table size="small" aria-label={t.caption} sx={{ maxWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t.field}</TableCell>
              <TableCell component="th" scope="col">{t.before}</TableCell>
              <TableCell aria-hidden sx={{ width: 24, px: 0 }} />
              <TableCell component="th" scope="col">{t.after}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map(([field, change]) => (
              <TableRow key={field}>
                <TableCell component="th" scope="row">{names[field] ?? field}</TableCell>
                {change.masked ? (
                  <>
                    <TableCell>{t.empty}</TableCell>
                    <TableCell aria-hidden sx={{ px: 0 }}><ArrowIcon fontSize="inherit" /></TableCell>
                    <TableCell>{t.masked}</TableCell>
                  </>
                ) : (
                  <>
                    <TableCell sx={{ wordBreak: 'break-word', color: 'text.secondary' }}>{changeText(field, change.before)}</TableCell>
                    <TableCell aria-hidden sx={{ px: 0 }}><ArrowIcon fontSize="inherit" /></TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{changeText(field, change.after)}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
