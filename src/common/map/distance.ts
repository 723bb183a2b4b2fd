/** Where a point is, in degrees (WGS 84, as the phone and the backend give it). */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The distance along the ground between two points (haversine), in metres. */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** « 350 m » below a kilometre (to 10 m), « 1,2 km » or « 5 km » above (to 100 m), « 12 km » from ten. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.max(10, Math.round(meters / 10) * 10)} m`;
  const km = meters / 1000;
  return km < 10 ? `${km.toFixed(1).replace(/\.0$/, '').replace('.', ',')} km` : `${Math.round(km)} km`;
}

/** A box around a point, `meters` from it on each side: what to ask the backend's area route for. */
export function boxAround(point: Point, meters: number) {
  const dLat = (meters / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.cos(rad(point.latitude));
  return { south: point.latitude - dLat, north: point.latitude + dLat, west: point.longitude - dLng, east: point.longitude + dLng };
}

/** A link that opens the phone's navigation app (Google Maps or Apple Plans, as the phone handles it) to go to a point. */
export function directionsUrl(point: Point): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
}
