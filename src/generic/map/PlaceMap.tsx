import { lazy, Suspense, useMemo } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { MapViewProps } from '../../common/map/MapView';
import { tileSourceOf } from '../../common/map/tiles';
import { fr } from '../../i18n/fr';
import { useSettings } from '../../providers/settings';

export type { MapBounds, MapGroup, MapMarker } from '../../common/map/MapView';

// Leaflet and its plugins load with the first map shown, never with the pages that have none.
const MapView = lazy(() => import('../../common/map/MapView'));

/** The app's map with the tile provider and key of the settings (mapProvider, mapApiKey). */
export function PlaceMap(props: Omit<MapViewProps, 'tiles'>) {
  const { settings } = useSettings();
  const tiles = useMemo(() => tileSourceOf(settings.mapProvider, settings.mapApiKey), [settings.mapProvider, settings.mapApiKey]);
  const height = props.height ?? 420;
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{fr.map.loading}</Typography>
        </Box>
      }
    >
      <MapView {...props} tiles={tiles} />
    </Suspense>
  );
}
