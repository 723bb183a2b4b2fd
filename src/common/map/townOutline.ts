/**
 * The outline of the commune of Mamoudzou drawn on every map, so that a map whose background tiles
 * cannot load (offline, blocked) still shows where the town is. An approximate hand-drawn polygon
 * ([latitude, longitude]) from Kawéni in the north to Tsoundzou in the south and the hills of
 * Vahibé in the west: a landmark, not a legal boundary (the official one is IGN's Admin Express).
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

/** The zoom of a map centred on one place without its own zoom. */
export const TOWN_ZOOM = 13;
