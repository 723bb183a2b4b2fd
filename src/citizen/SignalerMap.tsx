import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { TOWN_OUTLINE, ZONE_CENTRES } from '@mamoudzou/domain/territory';
import { tileSourceOf } from '../common/map/tiles';
import { t } from './messages';

/**
 * The page's map (Leaflet, loaded only when a map is shown): the settings' tile provider (its key is secret, so
 * a provider that needs one falls back to OpenStreetMap, as for every account that may not read it), the
 * commune's outline drawn by the page (seen when tiles cannot load), and the problem's point. Editable: a tap
 * moves the point, the marker can be dragged (and moved with the arrow keys once focused).
 */
export interface SignalerMapProps {
  point: { lat: number; lng: number } | null;
  provider: string;
  label: string;
  onPick?: (point: { lat: number; lng: number }) => void;
}

const CENTRE = ZONE_CENTRES['Centre-ville'];
const pin = L.divIcon({ className: 'pin', html: '<span></span>', iconSize: [32, 40], iconAnchor: [16, 38] });
const STEP = 0.00008;

export default function SignalerMap({ point, provider, label, onPick }: SignalerMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const tiles = tileSourceOf(provider, '');
    const instance = L.map(element.current!, { zoomControl: false, attributionControl: true, center: point ?? CENTRE, zoom: point ? 17 : 14 });
    L.control.zoom({ zoomInTitle: 'Zoomer', zoomOutTitle: 'Dézoomer' }).addTo(instance);
    instance.attributionControl.setPrefix(false);
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: tiles.maxZoom, tileSize: tiles.tileSize ?? 256, zoomOffset: tiles.zoomOffset ?? 0 }).addTo(instance);
    L.polygon(TOWN_OUTLINE, { color: '#0b5394', weight: 2, fill: false, interactive: false }).addTo(instance);
    if (pick.current) instance.on('click', (event: L.LeafletMouseEvent) => pick.current?.({ lat: event.latlng.lat, lng: event.latlng.lng }));
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; the point follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker(point, { icon: pin, draggable: Boolean(pick.current), keyboard: true, title: t.place.marker, alt: t.place.marker }).addTo(instance);
      marker.current.on('dragend', () => {
        const at = marker.current!.getLatLng();
        pick.current?.({ lat: at.lat, lng: at.lng });
      });
      const icon = marker.current.getElement();
      icon?.setAttribute('aria-label', t.place.marker);
      // The arrow keys move the focused marker: the map's point without a pointer.
      icon?.addEventListener('keydown', (event) => {
        const moves: Record<string, [number, number]> = { ArrowUp: [STEP, 0], ArrowDown: [-STEP, 0], ArrowLeft: [0, -STEP], ArrowRight: [0, STEP] };
        const move = moves[event.key];
        if (!move || !pick.current) return;
        event.preventDefault();
        event.stopPropagation();
        const at = marker.current!.getLatLng();
        pick.current({ lat: at.lat + move[0], lng: at.lng + move[1] });
      });
      instance.setView(point, Math.max(instance.getZoom(), 17));
    } else {
      marker.current.setLatLng(point);
      if (!instance.getBounds().pad(-0.1).contains(point)) instance.panTo(point);
    }
  }, [point]);

  return <div ref={element} className="map" role="region" aria-label={label} />;
}
