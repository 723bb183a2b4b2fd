import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useStore } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DirectionsIcon from '@mui/icons-material/DirectionsOutlined';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { AreaAnswer, AreaReport } from '@mamoudzou/domain/places';
import { MODERATION_STATUS, OPEN_REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { Badge } from '../../common/Badge';
import { boxAround, directionsUrl, distanceMeters, formatDistance, type Point } from '../../common/map/distance';
import { useDevicePosition, type PositionFailure } from '../../common/map/useDevicePosition';
import { DETAIL_META } from '../../generic/dialogs/detailMeta';
import { useResourceScreen } from '../../generic/screen';
import type { ListViewProps } from '../../generic/types';
import { format } from '../../i18n/fr';
import { useCustomCalls } from '../../providers/customCalls';
import { useOnline } from '../../providers/OfflineContext';
import { messages } from './messages';
import { timelineQuery } from './useTimeline';

const l = messages.aroundMe;
/** The open reports within this distance (the commune is about 8 km across). */
const RADIUS_M = 5000;
const MAX_SHOWN = 50;
const TOUR_KEY = 'signalements.tournee';

/** A stop of the day's round: enough to show and reach it offline. */
interface TourStop extends Point {
  id: string;
  title: string;
}

/** What the view says when the phone gives no position. */
const FAILURES: Record<PositionFailure, string> = { denied: l.denied, unavailable: l.unavailable, unsupported: l.unsupported };

const targetSx = { minHeight: 44, minWidth: 44 };

function DirectionsLink({ point, title }: { point: Point; title: string }) {
  return (
    <Button component={Link} href={directionsUrl(point)} target="_blank" rel="noopener noreferrer" size="small" startIcon={<DirectionsIcon />} aria-label={format(l.directionsFor, { title })} sx={targetSx}>
      {l.directions}
    </Button>
  );
}

/**
 * Each stop's detail and timeline, fetched while the network is there (the same queries the detail
 * dialog makes): the device keeps them, so the round opens on site without a network.
 */
function useStopsKeptOffline(resource: string, stops: TourStop[]) {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const calls = useCustomCalls();
  const online = useOnline();
  const ids = stops.map((stop) => stop.id).join(' ');
  useEffect(() => {
    if (!online || !ids) return;
    for (const id of ids.split(' ')) {
      void queryClient.prefetchQuery({
        queryKey: [resource, 'getOne', { id, meta: DETAIL_META }],
        queryFn: () => dataProvider.getOne(resource, { id, meta: DETAIL_META }).then(({ data }) => data),
      });
      void queryClient.prefetchQuery(timelineQuery(calls, id));
    }
  }, [online, ids, resource, queryClient, dataProvider, calls]);
}

/** « Ma tournée »: the stops the agent chose, in the order they set, each opened, moved or removed. */
function Tour({ stops, setStops, from, open }: { stops: TourStop[]; setStops: (stops: TourStop[]) => void; from?: Point; open: (id: string) => void }) {
  const move = (index: number, by: number) => {
    const next = [...stops];
    const [stop] = next.splice(index, 1);
    next.splice(index + by, 0, stop);
    setStops(next);
  };
  return (
    <Paper component="section" aria-labelledby="tour-title" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="tour-title" variant="h6" component="h2">
        {l.tour}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {l.tourHelp}
      </Typography>
      {stops.length === 0 ? (
        <Typography variant="body2">{l.tourEmpty}</Typography>
      ) : (
        <Box component="ol" aria-label={l.tour} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {stops.map((stop, index) => (
            <Box component="li" key={stop.id} aria-label={`${format(l.stop, { n: index + 1 })} : ${stop.title}`} sx={{ borderTop: index ? 1 : 0, borderColor: 'divider', pt: index ? 1 : 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700, minWidth: 24 }} aria-hidden>
                  {index + 1}.
                </Typography>
                <Button onClick={() => open(stop.id)} aria-label={format(l.open, { title: stop.title })} sx={{ ...targetSx, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', flex: 1 }}>
                  {stop.title}
                </Button>
                {from && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDistance(distanceMeters(from, stop))}
                  </Typography>
                )}
              </Box>
              <Stack direction="row" spacing={0.5} sx={{ pl: 4, flexWrap: 'wrap' }}>
                <IconButton aria-label={format(l.up, { title: stop.title })} disabled={index === 0} onClick={() => move(index, -1)} sx={targetSx}>
                  <ArrowUpIcon />
                </IconButton>
                <IconButton aria-label={format(l.down, { title: stop.title })} disabled={index === stops.length - 1} onClick={() => move(index, 1)} sx={targetSx}>
                  <ArrowDownIcon />
                </IconButton>
                <DirectionsLink point={stop} title={stop.title} />
                <IconButton aria-label={format(l.remove, { title: stop.title })} onClick={() => setStops(stops.filter((s) => s.id !== stop.id))} sx={targetSx}>
                  <CloseIcon />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * The reports' « Autour de moi » view (a tab beside the list and the map): with the phone's position
 * (asked after saying what it is for), the open reports within 5 km from the nearest, each with its
 * distance and a link to the phone's navigation app; and « Ma tournée », the day's shortlist the agent
 * orders and works through, kept on the device with each stop's detail (react-admin's store and the
 * kept reads, cleared at logout).
 */
/** The open reports the field handles: not those awaiting moderation (nothing is the town's before it approves it). */
const FIELD_STATUSES = OPEN_REPORT_STATUSES.filter((status) => status !== MODERATION_STATUS);

export default function AroundMeView(_: ListViewProps) {
  const { config, openRecord } = useResourceScreen();
  const calls = useCustomCalls();
  const { position: located, locate } = useDevicePosition();
  const [stops, setStops] = useStore<TourStop[]>(TOUR_KEY, []);
  useStopsKeptOffline(config.name, stops);
  const at = located.state === 'located' ? located.at : undefined;

  const nearby = useQuery({
    // Under the resource's name: refreshed after every write of a report, kept for offline reading.
    queryKey: [config.name, 'aroundMe', at && [at.latitude.toFixed(3), at.longitude.toFixed(3)]],
    queryFn: ({ signal }) =>
      calls.get<AreaAnswer>('/api/reports/in-area', { ...boxAround(at!, RADIUS_M), filters: { report_status: { $in: FIELD_STATUSES } } }, signal),
    enabled: !!at,
  });
  const sorted = at
    ? (nearby.data?.data ?? [])
        .map((report) => ({ report, meters: distanceMeters(at, report) }))
        .filter(({ meters }) => meters <= RADIUS_M)
        .sort((a, b) => a.meters - b.meters)
        .slice(0, MAX_SHOWN)
    : [];
  const inTour = new Set(stops.map((s) => s.id));
  const add = (report: AreaReport) => setStops([...stops, { id: report.documentId, title: report.title, latitude: report.latitude, longitude: report.longitude }]);
  const radius = formatDistance(RADIUS_M);

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Tour stops={stops} setStops={setStops} from={at} open={(id) => openRecord(id)} />
      <Paper component="section" aria-labelledby="nearby-title" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id="nearby-title" variant="h6" component="h2">
          {l.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {l.explain}
        </Typography>
        <Button variant="contained" startIcon={<MyLocationIcon />} onClick={locate} disabled={located.state === 'locating'} sx={targetSx}>
          {at ? l.relocate : l.locate}
        </Button>
        <Box aria-live="polite" sx={{ mt: 1.5 }}>
          {located.state === 'locating' && <Typography variant="body2">{l.locating}</Typography>}
          {located.state === 'error' && <Alert severity="warning">{FAILURES[located.failure]}</Alert>}
          {at && nearby.isPending && <Typography variant="body2">{l.loading}</Typography>}
          {at && nearby.isError && <Alert severity="error">{l.loadingError}</Alert>}
          {at && nearby.isSuccess && (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {sorted.length ? format(l.count, { n: sorted.length, radius }) : format(l.empty, { radius })}
            </Typography>
          )}
        </Box>
        {sorted.length > 0 && (
          <Box component="ol" aria-label={l.list} sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
            {sorted.map(({ report, meters }) => {
              const status = report.report_status as ReportStatus;
              return (
                <Box component="li" key={report.documentId} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Button onClick={() => openRecord(report.documentId)} aria-label={format(l.open, { title: report.title })} sx={{ ...targetSx, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', p: 0.5 }}>
                      {report.title}
                    </Button>
                  </Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pl: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="distance">
                      {format(l.distance, { distance: formatDistance(meters) })}
                    </Typography>
                    <Badge label={REPORT_STATUS_LABELS[status] ?? status} tone="grey" />
                    <Box sx={{ flex: 1 }} />
                    <DirectionsLink point={report} title={report.title} />
                    <Button size="small" disabled={inTour.has(report.documentId)} onClick={() => add(report)} aria-label={inTour.has(report.documentId) ? undefined : format(l.addFor, { title: report.title })} sx={targetSx}>
                      {inTour.has(report.documentId) ? l.added : l.add}
                    </Button>
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
