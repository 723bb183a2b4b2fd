import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { REPORT_STATUS_LABELS, REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { format } from '../../i18n/fr';
import { messages } from './messages';
import { formatDate } from '../../i18n/dates';
import { BarsChart, CHART_HEIGHT, LineAreaChart } from './charts';
import type { DashboardWeek } from './queries';
import type { ReportStats } from '@mamoudzou/domain/stats';

const c = messages.charts;
const STATUS_COLOURS: Record<string, string> = {
  a_valider: '#e11d48',
  nouveau: '#2563eb',
  en_cours: '#d97706',
  en_attente: '#7c3aed',
  resolu: '#16a34a',
  rejete: '#6b7280',
};

/** The same figures as text, for screen readers and anyone who would rather read. */
function SrSummary({ items }: { items: [string, number][] }) {
  return (
    <Box component="ul" sx={visuallyHidden}>
      {items.map(([label, value]) => (
        <li key={label}>{format(c.summary, { label, value })}</li>
      ))}
    </Box>
  );
}

function ChartCard({ title, children, summary }: { title: string; children: React.ReactNode; summary: [string, number][] }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {children}
        <SrSummary items={summary} />
      </CardContent>
    </Card>
  );
}

/** The dashboard's charts (hand-drawn SVG, ./charts.tsx): by status, by type, per week. */
export default function DashboardCharts({ stats, weeks }: { stats: ReportStats; weeks: DashboardWeek[] }) {
  // The weekly series comes inside the stats call (GET /api/reports/stats?weeks[]=…): no call of its own.
  const weekly = stats.weekly ? weeks.map((w, i) => ({ day: formatDate(w.day, 'dd/MM'), total: stats.weekly![i] ?? 0 })) : undefined;
  const statusData = REPORT_STATUSES.map((s) => ({ label: REPORT_STATUS_LABELS[s], value: stats.byStatus?.[s] ?? 0, color: STATUS_COLOURS[s] }));
  const types = Object.entries(stats.byType ?? {}).sort((a, b) => b[1] - a[1]);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
      <ChartCard title={c.byStatus} summary={statusData.map((d) => [d.label, d.value])}>
        <BarsChart bars={statusData} labelWidth={80} />
      </ChartCard>
      <ChartCard title={c.byType} summary={types}>
        <BarsChart bars={types.map(([label, value]) => ({ label, value, color: '#0e7490' }))} labelWidth={110} />
      </ChartCard>
      <ChartCard title={c.perWeek} summary={(weekly ?? []).map((w) => [format(c.weekOf, { date: w.day }), w.total])}>
        {weekly ? (
          <LineAreaChart points={weekly.map((w) => ({ tick: w.day, value: w.total }))} color="#1d4ed8" />
        ) : (
          <Typography color="text.secondary" sx={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center' }}>
            {c.loading}
          </Typography>
        )}
      </ChartCard>
    </Box>
  );
}
