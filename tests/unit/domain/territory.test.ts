import { describe, expect, it } from 'vitest';
import { normalizeReference, open311Status, reportReference, serviceCodeOf } from '../../../domain/open311';
import { distanceMetres, insideCommune, zoneOfAddress, zoneOfPoint } from '../../../domain/territory';

describe('the commune on a map', () => {
  it('knows what lies inside its outline', () => {
    expect(insideCommune(-12.7806, 45.2279)).toBe(true); // the town hall
    expect(insideCommune(-12.8185, 45.1872)).toBe(true); // Tsoundzou 1
    expect(insideCommune(-12.6544, 45.1995)).toBe(false); // Koungou, the next commune north
    expect(insideCommune(48.8566, 2.3522)).toBe(false);
  });

  it('places a point in the zone of the nearest district, else « Autres »', () => {
    expect(zoneOfPoint(-12.7598, 45.2221)).toBe('Kawéni');
    expect(zoneOfPoint(-12.7805, 45.2285)).toBe('Centre-ville');
    expect(zoneOfPoint(-12.7905, 45.2218)).toBe('Cavani');
    expect(zoneOfPoint(-12.8148, 45.1995)).toBe('Passamainti');
    expect(zoneOfPoint(-12.7958, 45.171)).toBe('Autres'); // Vahibé
  });

  it('reads the zone an address names, without case or accents', () => {
    expect(zoneOfAddress('12 rue du stade, KAWENI')).toBe('Kawéni');
    expect(zoneOfAddress('Route de Mtsapere')).toBe('Mtsapéré');
    expect(zoneOfAddress('Place Mariage, centre-ville')).toBe('Centre-ville');
    expect(zoneOfAddress('Chemin de Vahibé')).toBe('Autres');
  });

  it('measures distances in metres', () => {
    expect(Math.round(distanceMetres([-12.7806, 45.2279], [-12.7806, 45.2279]))).toBe(0);
    const km = distanceMetres([-12.7806, 45.2279], [-12.7716, 45.2279]) / 1000;
    expect(km).toBeGreaterThan(0.99);
    expect(km).toBeLessThan(1.01);
  });
});

describe('Open311 vocabulary', () => {
  it('service codes from the report types, stable and plain', () => {
    expect(serviceCodeOf('Éclairage public')).toBe('eclairage-public');
    expect(serviceCodeOf('Propreté')).toBe('proprete');
    expect(serviceCodeOf('Mobilier urbain')).toBe('mobilier-urbain');
  });
  it('open while a report is to be handled, closed once resolved or rejected', () => {
    expect(['nouveau', 'en_cours', 'en_attente'].map(open311Status)).toEqual(['open', 'open', 'open']);
    expect(['resolu', 'rejete'].map(open311Status)).toEqual(['closed', 'closed']);
  });
  it('a short reference: the year in Mayotte and the number, five digits at least', () => {
    expect(reportReference(new Date('2026-03-04T10:00:00Z'), 42)).toBe('MZ-2026-00042');
    // 22:30 UTC on 31 December is already the new year in Mayotte.
    expect(reportReference(new Date('2026-12-31T22:30:00Z'), 123456)).toBe('MZ-2027-123456');
    expect(normalizeReference('mz 2026 42')).toBe('MZ-2026-00042');
    expect(normalizeReference('bonjour')).toBeUndefined();
  });
});
