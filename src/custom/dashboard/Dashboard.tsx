import { useDataProvider, useGetIdentity } from 'ra-core';
import { Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { fr, format } from '../../i18n/fr';
import { formatDate } from '../../i18n/dates';

interface ReportStats {
  total: number;
  byStatus: Record<string, number>;
  resolutionRate: number;
}

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The dashboard's first figures from the backend aggregate (/api/reports/stats); the full dashboard has its own issue. */
export default function Dashboard() {
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & {
    get: <T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal) => Promise<T>;
  };
  const { identity } = useGetIdentity();
  const { data, isPending, error } = useQuery({
    queryKey: ['signalements', 'stats'],
    queryFn: ({ signal }) => dataProvider.get<ReportStats>('/api/reports/stats', {}, signal),
  });
  const rate = data ? Math.round(data.resolutionRate <= 1 ? data.resolutionRate * 100 : data.resolutionRate) : 0;
  return (
    <Box component="section">
      <Title title={fr.dashboard.title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {format(fr.dashboard.welcome, { username: identity?.fullName ?? '' })}
        </Typography>
        <Chip size="small" label={`${fr.dashboard.today} · ${formatDate(new Date(), 'EEEE d MMMM yyyy')}`} />
      </Box>
      {error ? (
        <Alert severity="error">
          {fr.dashboard.error} : {(error as Error).message}
        </Alert>
      ) : isPending ? (
        <Typography role="status" color="text.secondary">
          {fr.dashboard.loading}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <StatCard label={fr.dashboard.totalReports} value={String(data.total)} />
          <StatCard label={fr.dashboard.inProgress} value={String(data.byStatus?.en_cours ?? 0)} />
          <StatCard label={fr.dashboard.resolutionRate} value={`${rate}%`} hint={fr.dashboard.goal} />
        </Box>
      )}
    </Box>
  );
}
