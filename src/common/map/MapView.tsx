import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Polygon, Popup, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fr, format } from '../../i18n/fr';
import { PHONE_MEDIA, useIsPhone } from '../breakpoints';
import type { TileSource } from './tiles';
import { TOWN_OUTLINE, TOWN_ZOOM } from './townOutline';

const TOWN_BOUNDS = L.latLngBounds(TOWN_OUTLINE);

/**
 * The one map of the app, on Leaflet through react-leaflet (loaded lazily: pages without a map
 * never download it). Background tiles from the settings' provider; the town's outline and every
 * marker are drawn by the app itself, so they stay when tiles cannot load (offline, blocked), and
 * the map then says so. Markers are keyboard buttons (Tab, then Enter opens the popup); many
 * markers are clustered; groups counted by the backend can be shown as numbered bubbles.
 */

export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** The marker's accessible name and tooltip. */
  label: string;
  /** Its colour (a category's, a status's). */
  color: string;
  /** The popup's content (opened by a click, or Enter on the focused marker). */
  popup?: ReactNode;
}

export interface MapGroup {
  latitude: number;
  longitude: number;
  count: number;
}

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapViewProps {
  /** The map's accessible name ("Carte des points d'intérêt"). */
  label: string;
  tiles: TileSource;
  markers?: MapMarker[];
  /** Groups of markers counted elsewhere (the backend, above its cap): a click zooms in on one. */
  groups?: MapGroup[];
  height?: number | string;
  center?: [number, number];
  zoom?: number;
  /** Cluster the markers (default: from 30 markers on). */
  cluster?: boolean;
  /** Fit the view to the markers the first time there are some (default true, unless a center is given). */
  fit?: boolean;
  /** A click on the map (a location picker). */
  onPick?: (latitude: number, longitude: number) => void;
  /** The marker of this id can be dragged; its new position is handed to onPick. */
  draggable?: string;
  /** Called with the visible area at the start and after each move or zoom (the reports map fetches by area). */
  onView?: (bounds: MapBounds, zoom: number) => void;
  /** Text under the map (a count, "zoomez pour voir plus"). */
  footer?: ReactNode;
  scrollWheelZoom?: boolean;
  /** A map inside a page that scrolls (a form, a detail): on a phone one finger scrolls the page over it instead of moving it (pinch and the buttons zoom). */
  scrollsWithPage?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A coloured pin drawn in HTML (no image to load), with a white ring for contrast on any background, in a 44 × 44 px target. */
function pinIcon(color: string): L.DivIcon {
  return L.divIcon({
    className: 'app-map-pin',
    // The pin is 28 × 36; its element (what a finger hits) is 44 × 44, the tip at the bottom centre.
    html: `<svg width="28" height="36" viewBox="0 0 28 36" aria-hidden="true" focusable="false" style="display:block;margin:8px auto 0"><path d="M14 1C7 1 1.5 6.4 1.5 13.2 1.5 22.5 14 35 14 35s12.5-12.5 12.5-21.8C26.5 6.4 21 1 14 1z" fill="${escapeHtml(color)}" stroke="#fff" stroke-width="2"/><circle cx="14" cy="13" r="4.5" fill="#fff"/></svg>`,
    iconSize: [44, 44],
    iconAnchor: [22, 43],
    popupAnchor: [0, -40],
  });
}

function groupIcon(count: number): L.DivIcon {
  const size = count >= 1000 ? 52 : 44;
  return L.divIcon({
    className: 'app-map-group',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:#1e3a8a;color:#fff;font:600 13px system-ui,sans-serif;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** A marker's accessible name on its element (Leaflet gives it role="button" and a tab stop). */
function named(label: string) {
  return {
    add: (event: L.LeafletEvent) => {
      const element = (event.target as L.Marker).getElement();
      element?.setAttribute('aria-label', label);
    },
  };
}

/** Leaflet labels a popup's close button "Close popup" with no option to change it: say it in French. */
function FrenchPopupClose() {
  useMapEvents({
    popupopen: (event) => {
      event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', fr.map.closePopup);
    },
  });
  return null;
}

function ClickAndView({ onPick, onView }: Pick<MapViewProps, 'onPick' | 'onView'>) {
  const map = useMapEvents({
    click: (event) => onPick?.(event.latlng.lat, event.latlng.lng),
    moveend: () => report(),
  });
  const report = () => {
    if (!onView) return;
    const b = map.getBounds();
    onView({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, map.getZoom());
  };
  // The first visible area, once the map has its size.
  useEffect(() => {
    map.whenReady(report);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}

/** Fits the view to the markers the first time there are some. */
function FitOnce({ markers }: { markers: MapMarker[] }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || markers.length === 0) return;
    done.current = true;
    if (markers.length === 1) map.setView([markers[0].latitude, markers[0].longitude], Math.max(map.getZoom(), 15));
    else map.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude] as [number, number])), { padding: [32, 32], maxZoom: 16 });
  }, [map, markers]);
  return null;
}

/** Keeps the view on a moving single marker (the form's picker), without changing the zoom. */
function Follow({ position }: { position?: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

/** Opens a Google Map Tiles session (the API wants one before any tile); other providers need none. */
function useTileUrl(tiles: TileSource): { url: string | undefined; failed: boolean } {
  const [session, setSession] = useState<{ url?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!tiles.session) return;
    let cancelled = false;
    fetch(tiles.session.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(tiles.session.body) })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then((body: { session?: string }) => {
        if (!cancelled) setSession(body.session ? { url: tiles.url.replace('{session}', body.session), failed: false } : { failed: true });
      })
      .catch(() => !cancelled && setSession({ failed: true }));
    return () => {
      cancelled = true;
    };
  }, [tiles]);
  return tiles.session ? session.url ? { url: session.url, failed: false } : { url: undefined, failed: session.failed } : { url: tiles.url, failed: false };
}

export default function MapView({
  label,
  tiles,
  markers = [],
  groups = [],
  height = 420,
  center,
  zoom,
  cluster,
  fit,
  onPick,
  draggable,
  onView,
  footer,
  scrollWheelZoom = true,
  scrollsWithPage,
}: MapViewProps) {
  const phone = useIsPhone();
  const { url, failed: sessionFailed } = useTileUrl(tiles);
  const [tileState, setTileState] = useState({ loaded: 0, failed: 0 });
  const offline = sessionFailed || (tileState.failed > 0 && tileState.loaded === 0);
  const icons = useMemo(() => new Map<string, L.DivIcon>(), []);
  const iconOf = (color: string) => {
    if (!icons.has(color)) icons.set(color, pinIcon(color));
    return icons.get(color)!;
  };
  const clustered = cluster ?? markers.length >= 30;
  const dragged = markers.find((m) => m.id === draggable);

  const markerElements = markers.map((marker) => (
    <Marker
      key={marker.id}
      position={[marker.latitude, marker.longitude]}
      icon={iconOf(marker.color)}
      title={marker.label}
      alt={marker.label}
      keyboard
      draggable={marker.id === draggable}
      eventHandlers={{
        ...named(marker.label),
        ...(marker.id === draggable
          ? {
              dragend: (event: L.LeafletEvent) => {
                const position = (event.target as L.Marker).getLatLng();
                onPick?.(position.lat, position.lng);
              },
            }
          : {}),
      }}
    >
      {marker.popup && <Popup>{marker.popup}</Popup>}
    </Marker>
  ));

  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        position: 'relative',
        '& .leaflet-container': { height, width: '100%', borderRadius: 1, bgcolor: '#dfe9f3', fontFamily: 'inherit' },
        '& .app-map-pin, & .app-map-group': { background: 'none', border: 0 },
        '& .leaflet-marker-icon:focus-visible': { outline: '3px solid #1d4ed8', outlineOffset: 2, borderRadius: '50%' },
        // On a phone the zoom buttons are 44 × 44 px targets (Leaflet's are 30).
        [PHONE_MEDIA]: { '& .leaflet-touch .leaflet-bar a': { width: 44, height: 44, lineHeight: '44px', fontSize: 24 } },
      }}
    >
      <MapContainer
        // Without a centre, the whole town.
        {...(center ? { center, zoom: zoom ?? TOWN_ZOOM } : { bounds: TOWN_BOUNDS, boundsOptions: { padding: [8, 8] } })}
        scrollWheelZoom={scrollWheelZoom}
        dragging={!(scrollsWithPage && phone)}
        attributionControl
        zoomControl={false}
      >
        <ZoomControl position="topleft" zoomInTitle={fr.map.zoomIn} zoomOutTitle={fr.map.zoomOut} />
        <FrenchPopupClose />
        {url && (
          <TileLayer
            key={url}
            url={url}
            attribution={tiles.attribution}
            maxZoom={tiles.maxZoom}
            tileSize={tiles.tileSize ?? 256}
            zoomOffset={tiles.zoomOffset ?? 0}
            eventHandlers={{
              tileload: () => setTileState((s) => ({ ...s, loaded: s.loaded + 1 })),
              tileerror: () => setTileState((s) => ({ ...s, failed: s.failed + 1 })),
            }}
          />
        )}
        <Polygon positions={TOWN_OUTLINE} interactive={false} pathOptions={{ color: '#1e3a8a', weight: 2, dashArray: '6 4', fillColor: '#1e3a8a', fillOpacity: 0.05 }} />
        {clustered ? (
          <MarkerClusterGroup chunkedLoading showCoverageOnHover={false} maxClusterRadius={50}>
            {markerElements}
          </MarkerClusterGroup>
        ) : (
          markerElements
        )}
        {groups.map((group, index) => (
          <Marker
            key={`group-${index}-${group.latitude}-${group.longitude}`}
            position={[group.latitude, group.longitude]}
            icon={groupIcon(group.count)}
            keyboard
            title={format(fr.map.group, { n: group.count })}
            eventHandlers={{
              ...named(format(fr.map.group, { n: group.count })),
              click: (event) => {
                const map = (event.target as L.Marker & { _map: L.Map })._map;
                map.setView([group.latitude, group.longitude], map.getZoom() + 2);
              },
            }}
          />
        ))}
        {(fit ?? !center) && !dragged && <FitOnce markers={markers} />}
        {dragged && <Follow position={[dragged.latitude, dragged.longitude]} />}
        {(onPick || onView) && <ClickAndView onPick={onPick} onView={onView} />}
      </MapContainer>
      {offline && (
        <Typography
          role="status"
          variant="body2"
          sx={{ position: 'absolute', zIndex: 1000, left: 56, right: 8, top: 8, mx: 'auto', width: 'fit-content', maxWidth: 'calc(100% - 16px)', px: 1.5, py: 0.75, borderRadius: 1, bgcolor: 'background.paper', color: 'text.primary', boxShadow: 2 }}
        >
          {fr.map.offline}
        </Typography>
      )}
      {footer && (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {footer}
        </Typography>
      )}
    </Box>
  );
}
