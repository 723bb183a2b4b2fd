import { describe, expect, it } from 'vitest';
import { boxAround, directionsUrl, distanceMeters, formatDistance } from '../../../src/common/map/distance';

describe('distances on the ground', () => {
  it('measures between two points of Mamoudzou (town hall to Kawéni, about 2.3 km)', () => {
    const townHall = { latitude: -12.7806, longitude: 45.2279 };
    const kaweni = { latitude: -12.7600, longitude: 45.2215 };
    expect(distanceMeters(townHall, kaweni)).toBeGreaterThan(2200);
    expect(distanceMeters(townHall, kaweni)).toBeLessThan(2500);
    expect(distanceMeters(townHall, townHall)).toBe(0);
  });

  it('writes them as a French agent reads them', () => {
    expect(formatDistance(4)).toBe('10 m');
    expect(formatDistance(347)).toBe('350 m');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(5000)).toBe('5 km');
    expect(formatDistance(12_600)).toBe('13 km');
  });

  it('asks for a box that holds every point within the distance', () => {
    const here = { latitude: -12.78, longitude: 45.23 };
    const box = boxAround(here, 5000);
    expect(distanceMeters(here, { latitude: box.north, longitude: here.longitude })).toBeCloseTo(5000, -1);
    expect(distanceMeters(here, { latitude: here.latitude, longitude: box.east })).toBeCloseTo(5000, -1);
  });

  it('opens the phone’s navigation app to the point', () => {
    expect(directionsUrl({ latitude: -12.7806, longitude: 45.2279 })).toBe('https://www.google.com/maps/dir/?api=1&destination=-12.780600,45.227900');
  });
});
