import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { checkPeriod, PERIOD_PRESETS, presetPeriod, type ConfirmedRepair, type GroupFigures, type Period, type PeriodPreset, type PeriodTotals, type ReportFigures } from '@mamoudzou/domain/figures';
import { REPORT_PRIORITY_LABELS, type ReportPriority } from '@mamoudzou/domain/vocabulary';
import { FigureCard } from '../../common/FigureCard';
import { PageTitle } from '../../common/PageTitle';
import { frenchErrorMessage } from '../../common/serverErrors';
import { PlaceMap } from '../../generic/map/PlaceMap';
import { format } from '../../i18n/fr';
import { useBackendQuery } from '../../providers/customCalls';
import { dayText, durationText, medianText, p90Text, rateText } from './figureFormat';
import { FiguresTable, type FigureColumn } from './FiguresTable';
import { messages as t } from './messages';
import { PeriodPicker } from './PeriodPicker';
import { FIGURES_PATH, figuresQuery } from './queries';

const PERIOD_PARAM = 'periode';

/** The period in the address (`?periode=90`, `?du=2026-01-01&au=2026-03-31`): a link or a reload shows the same figures. */
function usePeriod(): { preset: PeriodPreset; period: Period; setPreset: (p: Exclude<PeriodPreset, 'custom'>) => void; setCustom: (p: Period) => void } {
  const [params, setParams] = useSearchParams();
  const custom = checkPeriod(params.get('du'), params.get('au'));
  const named = params.get(PERIOD_PARAM) as PeriodPreset | null;
  const preset: PeriodPreset = custom.ok ? 'custom' : named && PERIOD_PRESETS.includes(named) && named !== 'custom' ? named : '30';
  const period = custom.ok ? custom.period : presetPeriod(preset as Exclude<PeriodPreset, 'custom'>);
  return {
    preset,
    period,
    setPreset: (p) => setParams({ [PERIOD_PARAM]: p }, { replace: true }),
    setCustom: (p) => setParams({ du: p.from, au: p.to }, { replace: true }),
  };
}

/** The headline figures of a period, each beside the previous period's. */
function Summary({ figures }: { figures: ReportFigures | undefined }) {
  const items: [string, (p: PeriodTotals) => string][] = [
    [t.summary.received, (p) => String(p.received)],
    [t.summary.closed, (p) => String(p.closed)],
    [t.summary.backlog, (p) => `${p.backlog.count} · ${format(t.summary.backlogAge, { age: durationText(p.backlog.ageDays.median === null ? null : p.backlog.ageDays.median * 24) })}`],
    [t.summary.firstResponse, (p) => medianText(p.firstResponse)],
    [t.summary.resolution, (p) => medianText(p.resolution)],
    [t.summary.onTime, (p) => rateText(p.onTime.rate)],
  ];
  // « Est-ce réparé ? »: the citizens' answers about the period's closings (the citizens' page's mails ask).
  const repair = (c: ConfirmedRepair | undefined) =>
    !c || c.answers === 0 ? t.summary.confirmedRepairNone : format(t.summary.confirmedRepairValue, { rate: rateText(c.rate), answers: c.answers });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, mb: 2 }}>
      {items.map(([label, value]) => (
        <FigureCard key={label} size="medium" label={label} value={figures && value(figures.current)} note={figures ? format(t.summary.previous, { value: value(figures.previous) }) : '\u00a0'} />
      ))}
      <FigureCard size="medium" label={t.summary.confirmedRepair} value={figures && repair(figures.confirmedRepair?.current)} note={figures ? format(t.summary.previous, { value: repair(figures.confirmedRepair?.previous) }) : '\u00a0'} />
    </Box>
  );
}

const groupColumns = (first: string): FigureColumn<GroupFigures>[] => [
  { label: first, value: (r) => r.key },
  { label: t.tables.received, value: (r) => r.received, numeric: true },
  { label: t.tables.closed, value: (r) => r.closed, numeric: true },
  { label: t.tables.firstResponseMedian, value: (r) => medianText(r.firstResponse), numeric: true },
  { label: t.tables.firstResponseP90, value: (r) => p90Text(r.firstResponse), numeric: true },
  { label: t.tables.resolutionMedian, value: (r) => medianText(r.resolution), numeric: true },
  { label: t.tables.resolutionP90, value: (r) => p90Text(r.resolution), numeric: true },
  { label: t.tables.onTime, value: (r) => rateText(r.onTime.rate), numeric: true },
];

const onTimeColumns = (first: string, label: (key: string) => string = (key) => key): FigureColumn<GroupFigures>[] => [
  { label: first, value: (r) => label(r.key) },
  { label: t.tables.closed, value: (r) => r.onTime.closed, numeric: true },
  { label: t.tables.onTime, value: (r) => r.onTime.onTime, numeric: true },
  { label: t.tables.onTimeRate, value: (r) => rateText(r.onTime.rate), numeric: true },
];

const priorityLabel = (key: string) => REPORT_PRIORITY_LABELS[key as ReportPriority] ?? key;
const PRIORITY_ORDER = ['critique', 'haute', 'normale', 'basse'];

/**
 * « Statistiques » (/statistiques): what a manager runs the service by, for a period with the previous
 * one beside it: reports received and closed, backlog and its age, first-response and resolution
 * times (median and 90th percentile) by type, zone and service, the share closed on time by priority
 * and service, and a density map of open reports. Every figure is the backend's, over all reports.
 */
export default function StatisticsPage() {
  const { preset, period, setPreset, setCustom } = usePeriod();
  const figures = useBackendQuery<ReportFigures>(['signalements', 'figures', period.from, period.to], FIGURES_PATH, figuresQuery(period));
  const data = figures.data;
  const suffix = `${period.from}_${period.to}`;
  const byPriority = data ? [...data.byPriority].sort((a, b) => PRIORITY_ORDER.indexOf(a.key) - PRIORITY_ORDER.indexOf(b.key)) : [];
  const open = data?.density.reduce((n, cell) => n + cell.count, 0) ?? 0;

  return (
    <Box component="section" sx={{ py: 2 }}>
      <PageTitle title={t.title} />
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {t.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <PeriodPicker preset={preset} period={period} onPreset={setPreset} onCustom={setCustom} />
      {data && (
        <Typography role="status" sx={{ mb: 2 }}>
          {format(t.period.shown, { from: dayText(data.period.from), to: dayText(data.period.to), previousFrom: dayText(data.previousPeriod.from), previousTo: dayText(data.previousPeriod.to) })}
        </Typography>
      )}
      {!data && !figures.error && (
        <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
          {t.loading}
        </Typography>
      )}
      {figures.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t.error} : {frenchErrorMessage(figures.error)}
        </Alert>
      ) : (
        <>
          <Summary figures={data} />
          {data && (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <FiguresTable title={t.tables.byType} fileName={`statistiques-types-${suffix}`} columns={groupColumns(t.tables.type)} rows={data.byType} />
              <FiguresTable title={t.tables.byZone} fileName={`statistiques-zones-${suffix}`} columns={groupColumns(t.tables.zone)} rows={data.byZone} />
              <FiguresTable title={t.tables.byService} fileName={`statistiques-services-${suffix}`} columns={groupColumns(t.tables.service)} rows={data.byService} />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
                <FiguresTable title={t.tables.onTimeByPriority} fileName={`statistiques-delais-priorites-${suffix}`} columns={onTimeColumns(t.tables.priority, priorityLabel)} rows={byPriority} />
                <FiguresTable title={t.tables.onTimeByService} fileName={`statistiques-delais-services-${suffix}`} columns={onTimeColumns(t.tables.service)} rows={data.byService} />
              </Box>
              <Card variant="outlined" component="section" aria-label={t.map.title}>
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                    {t.map.title}
                  </Typography>
                  <PlaceMap label={t.map.label} height={380} groups={data.density} footer={<span>{format(t.map.summary, { n: open })}</span>} />
                </CardContent>
              </Card>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
