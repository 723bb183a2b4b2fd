import { tileSourceOf, type TileSource } from '../../common/map/tiles';

/** Mamoudzou's tile at zoom 10 (the town and its bay), the one the map check asks for. */
const TOWN_TILE = { z: 10, x: 640, y: 548 };

export const TILE_TIMEOUT_MS = 8000;

/** Whether the browser gets an answer to a tile request of the provider (an image for OpenStreetMap and Mapbox, a session for Google). */
export async function tileAnswered(source: TileSource, timeoutMs = TILE_TIMEOUT_MS): Promise<boolean> {
  if (source.session) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetch(source.session.url, { method: 'POST', body: JSON.stringify(source.session.body), headers: { 'Content-Type': 'application/json' }, signal: controller.signal });
      return res.ok;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
  const z = TOWN_TILE.z + (source.zoomOffset ?? 0);
  const scale = 2 ** (TOWN_TILE.z - z);
  const url = source.url
    .replace('{z}', String(z))
    .replace('{x}', String(Math.floor(TOWN_TILE.x / scale)))
    .replace('{y}', String(Math.floor(TOWN_TILE.y / scale)));
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => done(false), timeoutMs);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      image.onload = image.onerror = null;
      resolve(ok);
    };
    image.onload = () => done(true);
    image.onerror = () => done(false);
    image.src = url;
  });
}

export const mapTileSource = tileSourceOf;

/** The state a badge shows. */
export type CheckState = 'ok' | 'warning' | 'error' | 'checking' | 'off';
