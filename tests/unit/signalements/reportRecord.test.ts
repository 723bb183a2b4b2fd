import { describe, expect, it } from 'vitest';
import { createPayload, editPayload } from '../../../src/generic/payload';
import { schemaOf, zodValidate } from '../../../src/generic/validation';
import { fieldOf } from '../../../src/generic/values';
import { signalements } from '../../../src/resources/signalements';
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

describe('the new-report form, from the config', () => {
  const validate = zodValidate(schemaOf(signalements, 'create'));

  it('requires title, description, type, priority, zone and address, in French', () => {
    expect(validate({ title: '', priority: 'normale', latitude: null })).toEqual({
      title: 'Le titre est requis',
      description: 'La description est requise',
      type: 'Le type est requis',
      zone: 'La zone est requise',
      address: "L'adresse est requise",
    });
    expect(validate({ title: 'a', description: 'b', type: 'Voirie', zone: 'Cavani', address: 'c' })).toEqual({ priority: 'La priorité est requise' });
  });

  it('checks the coordinates, the title length and the email', () => {
    const values = { title: 'a'.repeat(201), description: 'b', type: 'Voirie', priority: 'haute', zone: 'Cavani', address: 'c', latitude: 95, longitude: -181, citizenEmail: 'pas-un-email' };
    expect(validate(values)).toEqual({
      title: 'Le titre ne peut pas dépasser 200 caractères',
      latitude: 'La latitude doit être un nombre entre -90 et 90',
      longitude: 'La longitude doit être un nombre entre -180 et 180',
      citizenEmail: 'Adresse email invalide',
    });
  });

  it('creates "nouveau" without the empty optional values; an edit clears them', () => {
    const values = { title: ' Titre ', description: 'd', type: 'Autres', subType: null, priority: 'normale', zone: 'Autres', address: 'a', latitude: -12.5, longitude: null, citizenEmail: '' };
    expect(createPayload(signalements, values)).toEqual({ report_status: 'nouveau', title: 'Titre', description: 'd', type: 'Autres', priority: 'normale', zone: 'Autres', address: 'a', latitude: -12.5 });
    expect(editPayload(values)).toMatchObject({ title: 'Titre', longitude: null, subType: null, citizenEmail: null });
  });

  it('offers the sub-types of the chosen type, from the shared vocabulary', () => {
    const subType = fieldOf(signalements, 'subType');
    expect(subType.dependsOn!.choices('Voirie').map((c) => c.name)).toContain('Nid-de-poule');
    expect(subType.dependsOn!.choices('Autres')).toEqual([]);
  });
});
