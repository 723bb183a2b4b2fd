import { useDeferredValue, type ReactNode } from 'react';
import { useGetList, useRefresh } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { darken, lighten, styled } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';
import { visuallyHidden } from '@mui/utils';
import { ExportMenu } from '../../common/ExportMenu';
import { FigureCard } from '../../common/FigureCard';
import { format } from '../../i18n/fr';
import { messages as t } from './messages';
import { formatDate, townToday } from '../../i18n/dates';
import { useBackendQuery } from '../../providers/customCalls';
import { SETTINGS_RESOURCE } from '../../providers/settings';
import { signalements } from '../../resources/signalements';
import { StatusBadge } from '../../resources/signalements/ReportBadges';
import { reportTitle } from '../../resources/signalements/reportRecord';
import DashboardCharts from './DashboardCharts';
import { QuickSettingsCard } from './QuickSettingsCard';
import { SlaCard } from './SlaCard';
import { dashboardLists, dashboardWeeks, STATS_PATH, statsQuery } from './queries';
import type { ReportStats } from '@mamoudzou/domain/stats';
import { phoneTapTarget } from '../../common/breakpoints';
import { PageTitle } from '../../common/PageTitle';
import { secondaryCaption } from '../../common/textStyles';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useFirstScreenShown } from '../../common/firstScreen';
import { useAccessResources, useIdentity } from '../../common/access/useAccess';

/** A chart card's height: its title, the 240 px chart and the padding (DashboardCharts.tsx). */
const CHART_CARD_HEIGHT = 314;
const GOAL = 85;

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Empty({ children }: { children: string }) {
  return <Typography color="text.secondary" sx={{ py: 1 }}>{children}</Typography>;
}

/**
 * The dashboard's lists (breakdowns, latest reports, news and events): plain elements under one styled
 * list, not a Box and two Typography per line (each a few styled components resolved at each render).
 */
const DashboardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: theme.spacing(1),
  '& .line': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: theme.spacing(1) },
  '& .body2': theme.typography.body2,
  '& .line-text': { minWidth: 0 },
  // The status keeps its whole word; the title beside it wraps instead.
  '& .line-status': { flexShrink: 0 },
  '& .count': { fontWeight: 600 },
  '& .meta': secondaryCaption(theme),
  // LinearProgress's determinate look (its track and bar colours), as one element and its fill.
  '& .bar': {
    display: 'block',
    height: 6,
    borderRadius: 3,
    overflow: 'hidden',
    backgroundColor: theme.palette.mode === 'dark' ? darken(theme.palette.primary.main, 0.5) : lighten(theme.palette.primary.main, 0.62),
  },
  '& .bar > span': { display: 'block', height: '100%', backgroundColor: theme.palette.primary.main },
}));

/** Rows of label, count and a bar proportional to the total. */
function Breakdown({ rows, total }: { rows: [string, number][]; total: number }) {
  if (rows.length === 0) return <Empty>{t.noData}</Empty>;
  return (
    <DashboardList>
      {rows.map(([label, count]) => (
        <li key={label}>
          <div className="line body2">
            <span>{label}</span>
            <span className="count">{count}</span>
          </div>
          <span className="bar" aria-hidden>
            <span style={{ width: `${total ? (count / total) * 100 : 0}%` }} />
          </span>
        </li>
      ))}
    </DashboardList>
  );
}

const top5 = (counts: Record<string, number> | undefined): [string, number][] =>
  Object.entries(counts ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);

/** The charts' place while the figures load: three cards of their final height (no layout shift). */
function ChartsPlaceholder() {
  return (
    <Box role="status" aria-label={t.charts.loading} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' }, mb: 2 }}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={CHART_CARD_HEIGHT} />
      ))}
    </Box>
  );
}

/** An empty answer, the same array at every render (a deferred value made anew at each render would render again). */
const NO_ROWS: never[] = [];

/** A card's rows: undefined while its list is pending, then its rows (an empty list says so). */
const rowsOf = <T,>(list: { isPending: boolean; data?: T[] }) => (list.isPending ? undefined : (list.data ?? NO_ROWS));

/** The resources whose cards the dashboard shows, each only to a role that reads it. */
const DASHBOARD_RESOURCES = ['signalements', 'actualites', 'evenements', SETTINGS_RESOURCE];

/** The dashboard (/): figures from the backend's aggregate over every report, recent items, charts, quick settings. */
export default function Dashboard() {
  const refresh = useRefresh();
  const { identity } = useIdentity();
  const today = townToday();
  // What the role reads: a custom role sees the cards of its modules only, and asks for nothing else.
  const { canAccess: reads } = useAccessResources({ action: 'read', resources: DASHBOARD_RESOURCES });
  const readsReports = reads?.signalements === true;
  const readsArticles = reads?.actualites === true;
  const readsEvents = reads?.evenements === true;
  // Four calls at once, none waiting on another (src/custom/dashboard/queries.ts); the settings card makes the fifth.
  const query = statsQuery(today);
  const stats = useBackendQuery<ReportStats>(['signalements', 'stats', query], STATS_PATH, query, { enabled: readsReports });
  const lists = dashboardLists(today);
  const recent = useGetList(lists.recentReports.resource, lists.recentReports.params, { enabled: readsReports });
  // "Derniers articles": the published ones only; their total is the published articles' figure.
  const articles = useGetList(lists.articles.resource, lists.articles.params, { enabled: readsArticles });
  const events = useGetList(lists.events.resource, lists.events.params, { enabled: readsEvents });

  // The answers rendered as transitions: react-query reaches React through useSyncExternalStore, whose updates render
  // in one long task; deferred, React renders the cards in slices, yielding to the browser (a phone's blocking time).
  const data = useDeferredValue(stats.data);
  const recentRows = useDeferredValue(rowsOf(recent));
  const articleRows = useDeferredValue(rowsOf(articles));
  const articleTotal = useDeferredValue(articles.total);
  const eventRows = useDeferredValue(rowsOf(events));
  // The figures on the page (or the role reads no report): what waits for the first screen may go.
  useFirstScreenShown(reads !== undefined && (!readsReports || data !== undefined || !!stats.error));
  const rate = data ? Math.round(data.resolutionRate) : 0;
  const statusRows = (['nouveau', 'en_cours', 'en_attente', 'resolu'] as const).map((s) => [t.statusRows[s], data?.byStatus?.[s] ?? 0] as [string, number]);

  return (
    <Box component="section" sx={{ py: 2 }}>
      <PageTitle title={t.title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {format(t.welcome, { username: identity?.fullName ?? '' })}
        </Typography>
        <Chip size="small" color="primary" variant="outlined" label={t.today} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {formatDate(new Date(), 'EEEE d MMMM yyyy')}
        </Typography>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => refresh()}>
          {t.refresh}
        </Button>
        {readsReports && <ExportMenu resource="signalements" columns={signalements.exportColumns ?? []} fileName="signalements" title={signalements.label} sort={{ field: 'createdAt', order: 'DESC' }} />}
      </Box>

      {stats.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t.error} : {frenchErrorMessage(stats.error)}
        </Alert>
      ) : (
        (readsReports || readsArticles) && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, mb: 2 }}>
            {readsReports && !data && (
              <Typography role="status" sx={visuallyHidden}>
                {t.loading}
              </Typography>
            )}
            {readsReports && (
              <>
                <FigureCard label={t.totalReports} value={data && String(data.total)} note={t.trends.total} />
                <FigureCard label={t.inProgress} value={data && String(data.byStatus?.en_cours ?? 0)} note={t.trends.inProgress} />
                <FigureCard label={t.resolutionRate} value={data && `${rate}%`} note={`${t.trends.resolutionRate} · ${data ? (rate >= GOAL ? t.goalReached : t.goalMissed) : ''}`} />
              </>
            )}
            {readsArticles && <FigureCard label={t.publishedArticles} value={articleTotal === undefined ? undefined : String(articleTotal)} note={t.trends.publishedArticles} />}
          </Box>
        )
      )}

      {readsReports && (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, mb: 2 }}>
        <Panel
          title={t.sla.title}
          action={
            <Link component={RouterLink} to="/statistiques" variant="body2" sx={phoneTapTarget}>
              {t.sla.statistics}
            </Link>
          }
        >
          <SlaCard sla={data?.sla} />
        </Panel>
        <Panel title={t.statusBreakdown}>
          <Breakdown rows={statusRows} total={data?.total ?? 0} />
        </Panel>
        <Panel title={t.topTypes}>
          <Breakdown rows={top5(data?.byType)} total={data?.total ?? 0} />
        </Panel>
        <Panel title={t.topZones}>
          <Breakdown rows={top5(data?.byZone)} total={data?.total ?? 0} />
        </Panel>
      </Box>
      )}

      {!readsReports ? null : !data ? (
        <ChartsPlaceholder />
      ) : (
        data.total > 0 && (
          <Box sx={{ mb: 2 }}>
            <DashboardCharts stats={data} weeks={dashboardWeeks(today)} />
          </Box>
        )
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr' }, mb: 2 }}>
        {readsReports && (
        <Panel
          title={t.recentReports}
          action={
            <Link component={RouterLink} to="/signalements" variant="body2" sx={phoneTapTarget}>
              {t.seeAll}
            </Link>
          }
        >
          {recentRows?.length ? (
            <DashboardList>
              {recentRows.map((r) => (
                <li key={r.id} className="line">
                  <div className="line-text">
                    <Link component={RouterLink} to={`/signalements/${encodeURIComponent(String(r.id))}`} sx={{ fontWeight: 600, ...phoneTapTarget }}>
                      {reportTitle(r)}
                    </Link>
                    <p className="meta">{[r.zone, formatDate(r.createdAt)].filter(Boolean).join(' · ')}</p>
                  </div>
                  <span className="line-status">
                    <StatusBadge record={r} />
                  </span>
                </li>
              ))}
            </DashboardList>
          ) : recentRows === undefined ? null : (
            <Empty>{t.emptyReports}</Empty>
          )}
        </Panel>
        )}
        {readsArticles && (
        <Panel title={t.latestArticles}>
          {articleRows?.length ? (
            <DashboardList>
              {articleRows.map((a) => (
                <li key={a.id}>
                  <Link component={RouterLink} to={`/actualites/${encodeURIComponent(String(a.id))}`} variant="body2" sx={{ fontWeight: 600, display: 'block', ...phoneTapTarget }}>
                    {String(a.title ?? '')}
                  </Link>
                  <span className="meta">{formatDate(a.date ?? a.createdAt, 'dd/MM/yyyy')}</span>
                </li>
              ))}
            </DashboardList>
          ) : articleRows === undefined ? null : (
            <Empty>{t.emptyArticles}</Empty>
          )}
        </Panel>
        )}
        {readsEvents && (
        <Panel title={t.upcomingEvents}>
          {eventRows?.length ? (
            <DashboardList>
              {eventRows.map((e) => (
                <li key={e.id}>
                  <Link component={RouterLink} to={`/evenements/${encodeURIComponent(String(e.id))}`} variant="body2" sx={{ fontWeight: 600, display: 'block', ...phoneTapTarget }}>
                    {String(e.title ?? '')}
                  </Link>
                  <span className="meta">{[formatDate(e.date, 'dd/MM/yyyy'), typeof e.time === 'string' ? e.time.slice(0, 5) : '', e.location].filter(Boolean).join(' · ')}</span>
                </li>
              ))}
            </DashboardList>
          ) : eventRows === undefined ? null : (
            <Empty>{t.emptyEvents}</Empty>
          )}
        </Panel>
        )}
      </Box>

      {reads?.[SETTINGS_RESOURCE] === true && (
        <Box sx={{ maxWidth: { lg: '33%' } }}>
          <QuickSettingsCard />
        </Box>
      )}
    </Box>
  );
}
