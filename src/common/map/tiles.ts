/**
 * Where the map's background tiles come from, by the settings' provider (mapProvider
 * openstreetmap | google | mapbox, mapApiKey when not openstreetmap). OpenStreetMap needs no key;
 * without its key another provider falls back to OpenStreetMap. Pure; the map component loads them.
 */

export type MapProvider = 'openstreetmap' | 'google' | 'mapbox';

export interface TileSource {
  provider: MapProvider;
  /** Leaflet URL template ({z}/{x}/{y}); for Google, {session} is filled once a session is opened. */
  url: string;
  attribution: string;
  maxZoom: number;
  tileSize?: number;
  zoomOffset?: number;
  /** Google's Map Tiles API needs a session first (POST createSession with the key). */
  session?: { url: string; body: Record<string, unknown> };
}

const OSM: TileSource = {
  provider: 'openstreetmap',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; les contributeurs d’<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  maxZoom: 19,
};

export function tileSourceOf(provider: string | undefined, apiKey: string | undefined): TileSource {
  const key = (apiKey ?? '').trim();
  if (provider === 'mapbox' && key) {
    return {
      provider: 'mapbox',
      url: `https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/512/{z}/{x}/{y}@2x?access_token=${encodeURIComponent(key)}`,
      attribution: '&copy; <a href="https://www.mapbox.com/about/maps/">Mapbox</a> &copy; les contributeurs d’<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      maxZoom: 20,
      tileSize: 512,
      zoomOffset: -1,
    };
  }
  if (provider === 'google' && key) {
    return {
      provider: 'google',
      url: `https://tile.googleapis.com/v1/2dtiles/{z}/{x}/{y}?session={session}&key=${encodeURIComponent(key)}`,
      attribution: '&copy; Google',
      maxZoom: 20,
      session: {
        url: `https://tile.googleapis.com/v1/createSession?key=${encodeURIComponent(key)}`,
        body: { mapType: 'roadmap', language: 'fr-FR', region: 'FR' },
      },
    };
  }
  return OSM;
}
