import { useEffect, useState } from 'react';
import { useListContext } from 'ra-core';
import { useCustomCalls } from '../../providers/customCalls';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AreaAnswer } from '@mamoudzou/domain/places';
import { REPORT_STATUS_LABELS, REPORT_STATUSES, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { Badge } from '../../common/Badge';
import { frenchErrorMessage } from '../../common/serverErrors';
import { PlaceMap, type MapBounds, type MapMarker } from '../../generic/map/PlaceMap';
import { useResourceScreen } from '../../generic/screen';
import type { ListViewProps } from '../../generic/types';
import { fr, format } from '../../i18n/fr';
import { buildFilters, searchParam } from '../../providers/strapiQuery';
import { STATUS_COLORS } from './reportMap';

const t = fr.map.reports;

/** A visible area rounded (4 decimals, about 10 m) so that tiny moves reuse the cached answer. */
const rounded = (b: MapBounds): MapBounds => ({
  south: Math.floor(b.south * 1e4) / 1e4,
  west: Math.floor(b.west * 1e4) / 1e4,
  north: Math.ceil(b.north * 1e4) / 1e4,
  east: Math.ceil(b.east * 1e4) / 1e4,
});

/**
 * The reports screen's "Carte" view: the reports of the current filters in the visible area, asked
 * to the backend after each move (GET /api/reports/in-area), as clustered markers coloured by
 * status; above the backend's cap, numbered groups and "zoomez pour voir plus".
 */
export default function ReportsMapView(_: ListViewProps) {
  const { config, openRecord } = useResourceScreen();
  const { filterValues } = useListContext();
  const calls = useCustomCalls();
  const [view, setView] = useState<MapBounds>();
  const [bounds, setBounds] = useState<MapBounds>();
  // Panning fires many moves: ask once the map has been still for 300 ms.
  useEffect(() => {
    if (!view) return;
    const timer = setTimeout(() => setBounds(rounded(view)), 300);
    return () => clearTimeout(timer);
  }, [view]);

  const query = useQuery({
    // Under the resource's name: the query client refreshes it after every write of a report.
    queryKey: [config.name, 'inArea', filterValues, bounds],
    queryFn: ({ signal }) =>
      calls.get<AreaAnswer>(
        '/api/reports/in-area',
        { ...bounds, filters: buildFilters(filterValues, { serverSearch: true, idField: 'documentId' }), ...searchParam(filterValues, { serverSearch: true }) },
        signal,
      ),
    enabled: !!bounds,
    placeholderData: (previous) => previous,
  });
  const answer = query.data;
  const markers: MapMarker[] = (answer?.data ?? []).map((report) => {
    const status = report.report_status as ReportStatus;
    return {
      id: report.documentId,
      latitude: report.latitude,
      longitude: report.longitude,
      label: `${report.title} (${REPORT_STATUS_LABELS[status] ?? status})`,
      color: STATUS_COLORS[status] ?? STATUS_COLORS.nouveau,
      popup: (
        <Box sx={{ display: 'grid', gap: 0.75, minWidth: 180 }}>
          <Typography component="p" sx={{ fontWeight: 600, m: 0 }}>
            {report.title}
          </Typography>
          <Box>
            <Badge label={REPORT_STATUS_LABELS[status] ?? status} tone="grey" />
          </Box>
          <Button size="small" variant="contained" onClick={() => openRecord(report.documentId)}>
            {fr.map.open}
          </Button>
        </Box>
      ),
    };
  });

  return (
    <>
      {query.error && <Alert severity="error" sx={{ mb: 1 }}>{format(t.error, { reason: frenchErrorMessage(query.error) })}</Alert>}
      <PlaceMap
        label={t.label}
        height={540}
        fit={false}
        cluster
        markers={markers}
        groups={answer?.clusters ?? []}
        onView={setView}
        footer={
          <Box sx={{ display: 'grid', gap: 0.75 }}>
            <span role="status">
              {!answer ? t.loading : format(t.inArea, { n: answer.total })}
              {answer && answer.clusters.length > 0 ? ` ${format(t.grouped, { cap: answer.cap })}` : ''}
            </span>
            <Box component="ul" aria-label={t.legend} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
              {REPORT_STATUSES.map((status) => (
                <Box component="li" key={status} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: STATUS_COLORS[status] }} />
                  {REPORT_STATUS_LABELS[status]}
                </Box>
              ))}
            </Box>
          </Box>
        }
      />
    </>
  );
}
