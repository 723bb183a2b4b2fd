/**
 * The commune of Mamoudzou on a map: its outline, its districts (the reports' zones) and distances.
 * Read by the maps of the SPA and by the backend, which places a report that comes with a point only
 * (the citizens' channel) in its zone and refuses a point outside the commune.
 */
import { ZONES } from './vocabulary';

/**
 * An approximate hand-drawn polygon ([latitude, longitude]) from Kawéni in the north to Tsoundzou in
 * the south and the hills of Vahibé in the west: a landmark and a sanity check, not a legal boundary
 * (the official one is IGN's Admin Express).
 */
export const TOWN_OUTLINE: [number, number][] = [
  [-12.742, 45.214],
  [-12.745, 45.229],
  [-12.755, 45.233],
  [-12.767, 45.234],
  [-12.775, 45.236],
  [-12.781, 45.243],
  [-12.787, 45.24],
  [-12.791, 45.232],
  [-12.799, 45.226],
  [-12.807, 45.215],
  [-12.816, 45.207],
  [-12.824, 45.197],
  [-12.832, 45.189],
  [-12.842, 45.181],
  [-12.846, 45.166],
  [-12.835, 45.151],
  [-12.815, 45.145],
  [-12.795, 45.15],
  [-12.775, 45.16],
  [-12.758, 45.18],
  [-12.746, 45.198],
];

/** Whether a point lies inside the commune's outline (ray casting over the polygon). */
export function insideCommune(latitude: number, longitude: number): boolean {
  let inside = false;
  for (let i = 0, j = TOWN_OUTLINE.length - 1; i < TOWN_OUTLINE.length; j = i++) {
    const [yi, xi] = TOWN_OUTLINE[i];
    const [yj, xj] = TOWN_OUTLINE[j];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

type Zone = (typeof ZONES)[number];

/** The heart of each named district ([latitude, longitude]); the rest of the commune is « Autres ». */
export const ZONE_CENTRES: Record<Exclude<Zone, 'Autres'>, [number, number]> = {
  'Centre-ville': [-12.7796, 45.2289],
  Kawéni: [-12.7596, 45.2232],
  Cavani: [-12.7903, 45.2219],
  Mtsapéré: [-12.7955, 45.2156],
  Passamainti: [-12.8148, 45.2009],
  Tsoundzou: [-12.8206, 45.186],
};
/** A point further than this from every district's heart is in « Autres » (Vahibé, Doujani...). */
const DISTRICT_RADIUS_M = 1500;

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The distance in metres between two points (haversine; plenty for a town). */
export function distanceMetres(a: [number, number], b: [number, number]): number {
  const dLat = radians(b[0] - a[0]);
  const dLon = radians(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The zone of a point: the nearest district's, when its heart is close enough; « Autres » otherwise. */
export function zoneOfPoint(latitude: number, longitude: number): Zone {
  let best: { zone: Zone; metres: number } = { zone: 'Autres', metres: DISTRICT_RADIUS_M };
  for (const [zone, centre] of Object.entries(ZONE_CENTRES) as [Zone, [number, number]][]) {
    const metres = distanceMetres([latitude, longitude], centre);
    if (metres < best.metres) best = { zone, metres };
  }
  return best.zone;
}

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The zone an address names (« 12 rue de Kaweni »: Kawéni), without case or accents; « Autres » when none. */
export function zoneOfAddress(address: string): Zone {
  const text = fold(address);
  if (/\b(centre[- ]ville|mamoudzou centre)\b/.test(text)) return 'Centre-ville';
  for (const zone of ZONES) if (zone !== 'Autres' && zone !== 'Centre-ville' && text.includes(fold(zone))) return zone;
  return 'Autres';
}
