import { describe, expect, it } from 'vitest';
import { emptyReportForm, reportPayload, subTypesOf, validateReportForm } from '../../../src/resources/signalements/reportForm';
import { formatCoordinate, mapUrl, reportPhotos, reportSlaLabel, reportStatusLabel, reportTitle, textList } from '../../../src/resources/signalements/reportRecord';

describe('a report as shown', () => {
  it('title falls back to the type, then "Autre"', () => {
    expect(reportTitle({ title: 'Banc', type: 'Mobilier urbain' })).toBe('Banc');
    expect(reportTitle({ type: 'Voirie' })).toBe('Voirie');
    expect(reportTitle({})).toBe('Autre');
  });
  it('status: report_status, else the legacy status, else Nouveau', () => {
    expect(reportStatusLabel({ report_status: 'en_attente' })).toBe('En attente');
    expect(reportStatusLabel({ status: 'resolved' })).toBe('Résolu');
    expect(reportStatusLabel({})).toBe('Nouveau');
  });
  it('SLA: given, computed from the target, or "Non défini"', () => {
    expect(reportSlaLabel({ slaStatus: 'depasse' })).toBe('Dépassé');
    expect(reportSlaLabel({ slaTarget: '2000-01-01T00:00:00Z' })).toBe('Dépassé');
    expect(reportSlaLabel({ slaTarget: new Date(Date.now() + 3600_000).toISOString() })).toBe('Proche échéance');
    expect(reportSlaLabel({})).toBe('Non défini');
  });
  it('coordinates to 6 decimals and the OpenStreetMap link', () => {
    expect(formatCoordinate(-12.78)).toBe('-12.780000');
    expect(formatCoordinate('45.2279123')).toBe('45.227912');
    expect(formatCoordinate(null)).toBeUndefined();
    expect(formatCoordinate('abc')).toBeUndefined();
    expect(mapUrl(-12.78, 45.2)).toBe('https://www.openstreetmap.org/?mlat=-12.780000&mlon=45.200000#map=18/-12.780000/45.200000');
  });
  it('photos from photos, images, gallery or photo; tags and notes as lists', () => {
    expect(reportPhotos({ photos: [{ id: 1, url: 'http://x/a.png' }] })).toEqual([{ id: 1, url: 'http://x/a.png' }]);
    expect(reportPhotos({ photo: 'http://x/b.png' })).toEqual([{ url: 'http://x/b.png' }]);
    expect(reportPhotos({ gallery: [{ url: 'http://x/c.png' }] })).toEqual([{ url: 'http://x/c.png' }]);
    expect(reportPhotos({})).toEqual([]);
    expect(textList(['a', ' ', 'b'])).toEqual(['a', 'b']);
    expect(textList('seule')).toEqual(['seule']);
    expect(textList(null)).toEqual([]);
  });
});

describe('the new-report form', () => {
  it('requires title, description, type, priority, zone and address, in French', () => {
    expect(validateReportForm(emptyReportForm())).toEqual({
      title: 'Le titre est requis',
      description: 'La description est requise',
      type: 'Le type est requis',
      zone: 'La zone est requise',
      address: "L'adresse est requise",
    });
  });
  it('checks the optional numbers and email', () => {
    const values = { ...emptyReportForm(), title: 'a', description: 'b', type: 'Voirie', zone: 'Cavani', address: 'c', latitude: '95', longitude: 'x', citizenEmail: 'pas-un-email' };
    expect(validateReportForm(values)).toEqual({
      latitude: 'La latitude doit être un nombre entre -90 et 90',
      longitude: 'La longitude doit être un nombre entre -180 et 180',
      citizenEmail: 'Adresse email invalide',
    });
  });
  it('sends numbers as numbers and omits empty optional values; an edit clears them', () => {
    const values = { ...emptyReportForm(), title: ' Titre ', description: 'd', type: 'Autres', zone: 'Autres', address: 'a', latitude: '-12.5', longitude: '' };
    expect(reportPayload(values, false)).toEqual({ title: 'Titre', description: 'd', type: 'Autres', priority: 'normale', zone: 'Autres', address: 'a', latitude: -12.5 });
    expect(reportPayload(values, true)).toMatchObject({ longitude: null, subType: null, citizenEmail: null });
  });
  it('sub-types come from the shared vocabulary', () => {
    expect(subTypesOf('Voirie')).toContain('Nid-de-poule');
    expect(subTypesOf('Autres')).toEqual([]);
  });
});
