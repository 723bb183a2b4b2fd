import { useGetList } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Badge } from '../../common/Badge';
import { formatDate } from '../../i18n/dates';
import { messages as auditMessages } from '../audit/messages';
import { messages } from './messages';
import { frenchErrorMessage } from '../../common/serverErrors';
import { actionLabelOf, moduleLabelOf } from '../audit/auditLabels';
import { AUDIT_ACTION_TONES } from '../tones';

const t = messages.activity;
const a = auditMessages.fields;
const FIELDS = ['userName', 'action', 'module', 'resourceLabel', 'timestamp', 'ip'];

/**
 * "Activité récente": the latest entries of the audit log (who, what, which module and resource,
 * when, from where). A short read-only summary, so a plain table; the whole log, filtered and
 * exported, is at /audit.
 */
export default function RecentActivityView() {
  const { data, isPending, error } = useGetList('audit', { pagination: { page: 1, perPage: 15 }, sort: { field: 'timestamp', order: 'DESC' }, meta: { fields: FIELDS } });
  if (error) return <Alert severity="error">{`${t.error} : ${frenchErrorMessage(error)}`}</Alert>;
  if (isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t.loading}</Typography>
      </Box>
    );
  if (!data?.length) return <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{t.empty}</Typography>;
  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t.caption}>
          <TableHead>
            <TableRow>
              <TableCell>{a.userName}</TableCell>
              <TableCell>{a.action}</TableCell>
              <TableCell>{a.module}</TableCell>
              <TableCell>{a.resourceLabel}</TableCell>
              <TableCell>{t.time}</TableCell>
              <TableCell>{a.ip}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{entry.userName ?? '—'}</TableCell>
                <TableCell>
                  <Badge label={actionLabelOf(entry.action)} tone={AUDIT_ACTION_TONES[entry.action as string] ?? 'grey'} />
                </TableCell>
                <TableCell>{moduleLabelOf(entry.module)}</TableCell>
                <TableCell>{entry.resourceLabel ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.timestamp)}</TableCell>
                <TableCell>{entry.ip ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ mt: 1.5, textAlign: 'right' }}>
        <Link component={RouterLink} to="/audit">
          {t.seeAll}
        </Link>
      </Box>
    </Box>
  );
}
