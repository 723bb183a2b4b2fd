import { useGetList, useListContext } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PlaceMap, type MapMarker } from '../../generic/map/PlaceMap';
import { useResourceScreen } from '../../generic/screen';
import type { ListViewProps } from '../../generic/types';
import { fr, format } from '../../i18n/fr';
import { messages as l } from './messages';
import { CategoryChip } from '../places/CategoryChip';
import { hasPosition, poiCategory } from './poiRecord';

/** The town's points are a few hundred: one call brings every point of the current filters. */
const MAX_POINTS = 1000;

/** The "Carte" view: a marker per point of the current filters, coloured by category; its popup opens the detail. */
export default function PoiMapView(_: ListViewProps) {
  const { config, openRecord } = useResourceScreen();
  const { filterValues } = useListContext();
  const { data = [], total } = useGetList(config.name, {
    pagination: { page: 1, perPage: MAX_POINTS },
    sort: { field: 'name', order: 'ASC' },
    filter: filterValues,
    meta: { fields: ['name', 'latitude', 'longitude', 'category', 'subcategory', 'address'] },
  });
  const placed = data.filter(hasPosition);
  const markers: MapMarker[] = placed.map((record) => ({
    id: String(record.id),
    latitude: Number(record.latitude),
    longitude: Number(record.longitude),
    label: String(record.name ?? ''),
    color: poiCategory(record.category)?.color ?? '#1d4ed8',
    popup: (
      <Box sx={{ display: 'grid', gap: 0.75, minWidth: 180 }}>
        <Typography component="p" sx={{ fontWeight: 600, m: 0 }}>
          {String(record.name ?? '')}
        </Typography>
        <CategoryChip category={poiCategory(record.category)} subcategory={record.subcategory} />
        {record.address && (
          <Typography variant="body2" sx={{ m: 0 }}>
            {String(record.address)}
          </Typography>
        )}
        <Button size="small" variant="contained" onClick={() => openRecord(record.id)}>
          {fr.map.open}
        </Button>
      </Box>
    ),
  }));
  const missing = data.length - placed.length;
  return (
    <PlaceMap
      label={l.mapLabel}
      height={520}
      markers={markers}
      footer={
        total === undefined ? undefined : (
          <span role="status">
            {format(fr.map.shown, { n: placed.length })}
            {missing > 0 ? ` · ${format(fr.map.notPlaced, { n: missing })}` : ''}
          </span>
        )
      }
    />
  );
}
