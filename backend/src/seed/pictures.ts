import { encodePng, type Rgb } from './png';

/**
 * Demo pictures drawn at seed time: a sky-to-ground gradient, a horizon (the lagoon) and a motif
 * per theme. Abstract on purpose: they stand for photos without pretending to be real ones.
 */

export type Motif = 'stripes' | 'dots' | 'waves' | 'grid' | 'sun' | 'leaves' | 'posts';

export interface Theme {
  sky: Rgb;
  ground: Rgb;
  accent: Rgb;
  motif: Motif;
}

export const WIDTH = 320;
export const HEIGHT = 240;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** How much of the accent colour the motif puts at (x, y): 0 none, 1 full. */
function motifAt(motif: Motif, x: number, y: number, variant: number): number {
  const horizon = HEIGHT * 0.55;
  switch (motif) {
    case 'stripes': // road markings
      return y > horizon + 40 && y < horizon + 52 && Math.floor((x + variant * 17) / 24) % 2 === 0 ? 1 : 0;
    case 'dots': {
      const cx = ((x + variant * 11) % 40) - 20;
      const cy = ((y + variant * 7) % 40) - 20;
      return y > horizon && cx * cx + cy * cy < 36 ? 0.8 : 0;
    }
    case 'waves':
      return y > horizon && Math.abs(Math.sin((x + variant * 13) / 14) * 5 + ((y - horizon) % 18) - 9) < 1.5 ? 0.7 : 0;
    case 'grid':
      return y > horizon && ((x + variant * 5) % 32 < 2 || (y - horizon) % 20 < 2) ? 0.6 : 0;
    case 'sun': {
      const dx = x - (60 + variant * 37) % (WIDTH - 80) - 40;
      const dy = y - 50;
      return dx * dx + dy * dy < 22 * 22 ? 1 : 0;
    }
    case 'leaves': {
      const column = Math.floor((x + variant * 9) / 48);
      const cx = ((x + variant * 9) % 48) - 24;
      const cy = y - (horizon - 30 - (column % 3) * 12);
      return cx * cx * 0.6 + cy * cy < 26 * 26 ? 0.85 : 0;
    }
    case 'posts': {
      // street lamps: thin poles with a head
      const px = (x + variant * 23) % 80;
      if (px >= 38 && px <= 41 && y > horizon - 70 && y < horizon + 30) return 1;
      return px >= 34 && px <= 48 && y > horizon - 76 && y < horizon - 68 ? 1 : 0;
    }
  }
}

/** A 320 × 240 PNG for `theme`; `variant` shifts the motif so that two pictures differ. */
export function drawPicture(theme: Theme, variant: number): Buffer {
  const horizon = HEIGHT * 0.55;
  const lagoon: Rgb = [32, 120, 160];
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    let colour: Rgb;
    if (y < horizon - 8) colour = mix(theme.sky, [255, 255, 255], (y / horizon) * 0.5);
    else if (y < horizon) colour = mix(lagoon, theme.sky, 0.2 + 0.1 * Math.sin(x / 9 + variant));
    else colour = mix(theme.ground, [30, 30, 30], ((y - horizon) / (HEIGHT - horizon)) * 0.45);
    const amount = motifAt(theme.motif, x, y, variant);
    if (amount > 0) colour = mix(colour, theme.accent, amount);
    // a light grain so that the picture does not look flat
    const grain = ((x * 7919 + y * 104729 + variant * 31) % 13) - 6;
    return [colour[0] + grain, colour[1] + grain, colour[2] + grain];
  });
}
