import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Badge, type BadgeTone } from '../../common/Badge';
import { tileSourceOf } from '../../common/map/tiles';
import { frenchErrorMessage } from '../../common/serverErrors';
import { format } from '../../i18n/fr';
import { messages as settingsMessages } from '../settings/messages';
import { messages as t } from './messages';
import { formatDate } from '../../i18n/dates';
import { useCustomCalls } from '../../providers/customCalls';
import { API_URL } from '../../providers/env';
import { useRealtimeState } from '../../providers/RealtimeContext';
import { useSettings } from '../../providers/settings';
import { formatSize } from '../settings/backups';
import { tileAnswered, type CheckState } from './checks';
import { PageTitle } from '../../common/PageTitle';
import { Open311Clients } from './Open311Clients';
import { useAccess } from '../../common/access/useAccess';

/** GET /api/system-status (who reads integrations): what only the server knows. */
export interface SystemStatus {
  checkedAt: string;
  backend: { uptimeSeconds: number; node: string };
  database: {
    client: string;
    size: number | null;
    lastBackup: { name: string; size: number; createdAt: string } | null;
    backupCount: number;
    backupFrequency: 'daily' | 'weekly' | 'monthly';
    backupError: { at: string; message: string } | null;
  };
  realtime: { enabled: boolean; connections: number };
  email: {
    provider: string;
    configured: boolean;
    host: string | null;
    port: number;
    secure: boolean;
    from: string;
    /** Whether the SMTP server answered the last check; null when none is configured. */
    reachable: boolean | null;
    error: string | null;
    lastSentAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
    outbox: { queued: number; sending: number; sent: number; failed: number };
    notificationsEnabled: boolean;
  };
  uploads: {
    maxFileUploadSize: number;
    allowedFileTypes: string[];
    serverLimit: number | null;
    maxUploadsPerHour?: number;
    maxUploadVolumePerDay?: number;
    imageWork?: { concurrency: number; running: number; queued: number };
  };
  map: { provider: string; keySet: boolean };
  versions: { application: string | null; strapi: string | null };
  tasks: { name: string; nextRun: string | null }[];
}

const TONES: Record<CheckState, BadgeTone> = { ok: 'green', warning: 'amber', error: 'red', checking: 'blue', off: 'grey' };
const PERIOD_DAYS = { daily: 1, weekly: 7, monthly: 30 } as const;
const DAY_MS = 24 * 3600 * 1000;
/** Live checks: never served from the cache. */
const LIVE = { retry: false, staleTime: 0, gcTime: 0 } as const;

function stateOfQuery(query: UseQueryResult, ok: () => CheckState): CheckState {
  if (query.isFetching && !query.isSuccess) return 'checking';
  if (query.isError) return 'error';
  if (!query.isSuccess) return 'checking';
  return ok();
}

/**
 * /integrations (who reads integrations: administrators, Editors): a live state badge for each service the back-office depends on:
 * the backend (address, reachable, response time), the database (kind, size, last backup), the
 * real-time connection, the map provider (a tile asked for), email, upload limits, versions, and
 * the scheduled jobs. "Vérifier" runs every check again.
 */
export default function IntegrationsPage() {
  const calls = useCustomCalls();
  const { settings } = useSettings();
  const realtime = useRealtimeState();
  const status = useQuery({
    queryKey: ['integrations', 'status'],
    queryFn: ({ signal }) => calls.get<{ data: SystemStatus }>('/api/system-status', {}, signal).then((body) => body.data),
    ...LIVE,
  });
  const ping = useQuery({
    queryKey: ['integrations', 'ping'],
    queryFn: async ({ signal }) => {
      const start = performance.now();
      await calls.get('/_health', {}, signal);
      return Math.max(1, Math.round(performance.now() - start));
    },
    ...LIVE,
  });
  const tiles = tileSourceOf(settings.mapProvider, settings.mapApiKey);
  const keyMissing = settings.mapProvider !== 'openstreetmap' && tiles.provider === 'openstreetmap';
  const tile = useQuery({ queryKey: ['integrations', 'tile', tiles.url], queryFn: () => tileAnswered(tiles), ...LIVE });

  const checking = status.isFetching || ping.isFetching || tile.isFetching;
  const recheck = () => {
    void status.refetch();
    void ping.refetch();
    void tile.refetch();
  };
  const s = status.data;
  const yesNo = (value: boolean) => (value ? t.yes : t.no);

  const databaseState = stateOfQuery(status, () => {
    const { lastBackup, backupError, backupFrequency } = s!.database;
    if (backupError) return 'error';
    if (!lastBackup || Date.now() - Date.parse(lastBackup.createdAt) > (PERIOD_DAYS[backupFrequency] + 1) * DAY_MS) return 'warning';
    return 'ok';
  });
  const emailState = stateOfQuery(status, () => {
    const e = s!.email;
    if (!e.configured) return 'off';
    if (e.reachable === false) return 'error';
    return e.outbox.failed > 0 ? 'warning' : 'ok';
  });
  const { canAccess: readsOutbox } = useAccess({ resource: 'courriels', action: 'read' });
  const realtimeState: CheckState =
    realtime.status === 'connected' ? 'ok' : realtime.status === 'connecting' ? 'checking' : realtime.status === 'idle' ? 'off' : 'error';

  return (
    <Box component="section">
      <PageTitle title={t.title} />
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {t.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          {t.subtitle}
          {s && (
            <Box component="span" sx={{ display: 'block', fontSize: 14 }}>
              {format(t.checkedAt, { date: formatDate(s.checkedAt) })}
            </Box>
          )}
        </Typography>
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={recheck} disabled={checking}>
          {checking ? t.checking : t.check}
        </Button>
      </Box>
      {status.isError && (
        <Typography role="alert" color="error" sx={{ mb: 2 }}>
          {format(t.statusError, { error: frenchErrorMessage(status.error) })}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
        <StatusCard id="backend" title={t.backend.title} state={stateOfQuery(ping, () => (ping.data! > 1000 ? 'warning' : 'ok'))}
          notes={
            <>
              {ping.isError && <Note>{format(t.backend.unreachable, { error: frenchErrorMessage(ping.error) })}</Note>}
            </>
          }
        >
          <Row label={t.backend.address}>{API_URL}</Row>
          <Row label={t.backend.reachable}>{ping.isSuccess ? t.yes : ping.isError ? t.no : t.states.checking}</Row>
          <Row label={t.backend.responseTime}>{ping.isSuccess ? format(t.backend.ms, { ms: ping.data }) : '—'}</Row>
        </StatusCard>

        <StatusCard id="database" title={t.database.title} state={databaseState}
          notes={
            <>
              {s?.database.backupError && <Note>{format(t.database.backupError, { message: s.database.backupError.message })}</Note>}
              {databaseState === 'warning' && s?.database.lastBackup && <Note>{t.database.stale}</Note>}
            </>
          }
        >
          <Row label={t.database.kind}>{s ? (t.database.kinds[s.database.client as keyof typeof t.database.kinds] ?? s.database.client) : '—'}</Row>
          <Row label={t.database.size}>{s?.database.size != null ? formatSize(s.database.size) : t.unknown}</Row>
          <Row label={t.database.lastBackup}>
            {s ? (s.database.lastBackup ? `${formatDate(s.database.lastBackup.createdAt)} (${formatSize(s.database.lastBackup.size)})` : t.database.never) : '—'}
          </Row>
          <Row label={t.database.frequency}>{s ? settingsMessages.backupFrequencies[s.database.backupFrequency] : '—'}</Row>
        </StatusCard>

        <StatusCard id="realtime" title={t.realtime.title} state={realtimeState}
          notes={
            <>
              {realtime.error && <Note>{realtime.error}</Note>}
            </>
          }
        >
          <Row label={t.realtime.connected}>{t.realtime.status[realtime.status]}</Row>
          <Row label={t.realtime.connections}>{realtime.connectionCount ?? s?.realtime.connections ?? t.unknown}</Row>
        </StatusCard>

        <StatusCard id="map" title={t.map.title} state={keyMissing ? 'warning' : stateOfQuery(tile, () => (tile.data ? 'ok' : 'error'))}
          notes={
            <>
              {keyMissing && <Note>{t.map.keyMissing}</Note>}
            </>
          }
        >
          <Row label={t.map.provider}>{settingsMessages.mapProviders[settings.mapProvider]}</Row>
          <Row label={t.map.tile}>{tile.isSuccess ? (tile.data ? t.map.tileOk : t.map.tileFailed) : t.states.checking}</Row>
        </StatusCard>

        <StatusCard id="email" title={t.email.title} state={emailState}
          notes={
            <>
              {s && !s.email.configured && <Note>{t.email.notConfigured}</Note>}
              {s?.email.reachable === false && <Note>{format(t.email.unreachable, { error: s.email.error ?? '' })}</Note>}
              {s && s.email.outbox.failed > 0 && <Note>{format(t.email.failedNote, { n: s.email.outbox.failed })}</Note>}
              {readsOutbox && (
                <Button component={RouterLink} to="/courriels" size="small" sx={{ mt: 1 }}>
                  {t.email.openOutbox}
                </Button>
              )}
            </>
          }
        >
          <Row label={t.email.server}>{s ? (s.email.host ? `${s.email.host}:${s.email.port}${s.email.secure ? ` (${t.email.tls})` : ''}` : t.email.none) : '—'}</Row>
          <Row label={t.email.reachable}>{s ? (s.email.reachable === null ? '—' : yesNo(s.email.reachable)) : '—'}</Row>
          <Row label={t.email.from}>{s?.email.from ?? '—'}</Row>
          <Row label={t.email.lastSent}>{s ? (s.email.lastSentAt ? formatDate(s.email.lastSentAt) : t.email.noneSinceStart) : '—'}</Row>
          <Row label={t.email.outbox}>{s ? format(t.email.outboxCounts, { queued: s.email.outbox.queued + s.email.outbox.sending, sent: s.email.outbox.sent, failed: s.email.outbox.failed }) : '—'}</Row>
          <Row label={t.email.notifications}>{s ? yesNo(s.email.notificationsEnabled) : '—'}</Row>
        </StatusCard>

        <StatusCard id="uploads" title={t.uploads.title} state={stateOfQuery(status, () => 'ok')}>
          <Row label={t.uploads.maxSize}>{s ? format(t.uploads.mb, { size: s.uploads.maxFileUploadSize }) : '—'}</Row>
          <Row label={t.uploads.types}>{s ? s.uploads.allowedFileTypes.join(', ') : '—'}</Row>
          <Row label={t.uploads.serverLimit}>{s?.uploads.serverLimit ? formatSize(s.uploads.serverLimit) : '—'}</Row>
          <Row label={t.uploads.perPerson}>
            {s?.uploads.maxUploadsPerHour ? format(t.uploads.perPersonValue, { files: s.uploads.maxUploadsPerHour, size: s.uploads.maxUploadVolumePerDay ?? '—' }) : '—'}
          </Row>
          <Row label={t.uploads.imageWork}>
            {s?.uploads.imageWork ? format(t.uploads.imageWorkValue, { running: s.uploads.imageWork.running, queued: s.uploads.imageWork.queued, concurrency: s.uploads.imageWork.concurrency }) : '—'}
          </Row>
        </StatusCard>

        <StatusCard id="versions" title={t.versions.title} state={stateOfQuery(status, () => 'ok')}>
          <Row label={t.versions.application}>{s?.versions.application ?? '—'}</Row>
          <Row label={t.versions.strapi}>{s?.versions.strapi ?? '—'}</Row>
          <Row label={t.versions.node}>{s?.backend.node ?? '—'}</Row>
        </StatusCard>

        <StatusCard id="tasks" title={t.tasks.title} state={stateOfQuery(status, () => (s!.tasks.length > 0 ? 'ok' : 'warning'))}>
          {(s?.tasks ?? []).map((task) => (
            <Row key={task.name} label={t.tasks.names[task.name as keyof typeof t.tasks.names] ?? task.name}>
              {task.nextRun ? format(t.tasks.next, { date: formatDate(task.nextRun) }) : '—'}
            </Row>
          ))}
        </StatusCard>
      </Box>
      <Open311Clients />
    </Box>
  );
}

function StatusCard({ id, title, state, notes, children }: { id: string; title: string; state: CheckState; notes?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`integration-${id}`} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id={`integration-${id}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box role="status" aria-label={`${title} : ${t.states[state]}`}>
          <Badge label={t.states[state]} tone={TONES[state]} />
        </Box>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
        {children}
      </Box>
      {notes}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}
