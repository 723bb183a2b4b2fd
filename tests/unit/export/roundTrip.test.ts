import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/common/exporter';
import { parseCsv, readImport } from '../../../src/generic/import/csvImport';
import { withHeaders } from '../../../src/generic/list/exportHeaders';
import { signalements } from '../../../src/resources/signalements';
import type { ResourceConfig } from '../../../src/generic/types';
import { annuaire } from '../../../src/resources/annuaire';
import { poi } from '../../../src/resources/poi';

/**
 * Every export round-trips through the matching import: the app's own CSV file, imported back,
 * gives the records it was written from. The formula guard protects what a spreadsheet would run
 * (a real formula stays neutralised in the file) and leaves numbers and phone numbers as they are.
 */

const hours = {
  monday: { isOpen: true, periods: [{ open: '07:30', close: '15:30' }] },
  tuesday: { isOpen: true, periods: [{ open: '07:30', close: '15:30' }] },
  wednesday: { isOpen: false, periods: [] },
  thursday: { isOpen: false, periods: [] },
  friday: { isOpen: false, periods: [] },
  saturday: { isOpen: false, periods: [] },
  sunday: { isOpen: false, periods: [] },
};

function roundTrip(config: ResourceConfig, records: Record<string, unknown>[]) {
  // The file the list's « Exporter » writes: its headers in French words.
  const csv = toCsv(records, withHeaders(config, config.exportColumns!));
  const { rows } = readImport(config, parseCsv(csv));
  return { csv, rows };
}

/** What the import may fill of a record: its import columns' fields. */
const importable = (config: ResourceConfig, record: Record<string, unknown>) =>
  Object.fromEntries(config.import!.columns.filter((c) => record[c.source] !== undefined).map((c) => [c.source, record[c.source]]));

describe('a CSV for a spreadsheet set up in French', () => {
  it('separates values with « ; » and names the columns in French words, not code names', () => {
    const header = (config: ResourceConfig) => toCsv([], withHeaders(config, config.exportColumns!)).slice(1).trimEnd().split(';').map((h) => h.slice(1, -1));
    for (const config of [signalements, poi, annuaire]) expect(header(config).filter((h) => /[a-z][A-Z]/.test(h))).toEqual([]);
    expect(header(signalements)).toEqual(expect.arrayContaining(['Sous-type', 'Latitude', 'Longitude', 'Échéance de traitement']));
    expect(header(signalements).join(' ')).not.toMatch(/SLA|nomCitoyen|sousType/);
  });
});

describe('export then import', () => {
  it('points of interest: negative coordinates, a phone with +, a formula kept neutral, every field back', () => {
    const records = [
      {
        id: 'p1', name: 'Hôpital de Mamoudzou', description: '=HYPERLINK("http://evil.example","clic")', category: 'sante', subcategory: 'hopital', status: 'active',
        address: 'Rue de l’Hôpital, 97600 Mamoudzou', latitude: -12.7814, longitude: 45.2279, phone: '+262 269 61 15 00', email: 'chm@sante.yt',
        website: 'https://www.chm-mayotte.fr', wheelchairAccessible: true, parkingAvailable: false, publicTransportNearby: true,
        services: ['Urgences', 'Maternité'], tags: ['santé', 'urgences'], openingHours: hours, rating: 4.5, reviewCount: 128,
      },
      { id: 'p2', name: 'Plage de Mtsapéré', category: 'loisirs', subcategory: 'plage', status: 'inactive', address: 'Front de mer, Mtsapéré', latitude: -12.7945, longitude: 45.2421, phone: '-' },
    ];
    const { csv, rows } = roundTrip(poi, records);
    expect(csv).toContain('"-12.7814"');
    expect(csv).toContain('"+262 269 61 15 00"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""clic"")"`);
    expect(rows.map((row) => row.reasons)).toEqual([[], []]);
    rows.forEach((row, i) => expect(row.record).toEqual(expect.objectContaining(importable(poi, records[i]))));
    // The rating and its number of reviews, which no form edits, come back too.
    expect(rows[0].record).toMatchObject({ rating: 4.5, reviewCount: 128 });
  });

  it('the directory: phones with + and a leading zero, emergency numbers, yes/no and lists back', () => {
    const records = [
      {
        id: 'd1', name: 'Gendarmerie de Mamoudzou', category: 'urgences', subcategory: 'gendarmerie', status: 'active', phone: '+262 269 61 12 17', emergencyPhone: '17',
        email: 'contact@gendarmerie.yt', street: 'Route nationale 1', postalCode: '97600', city: 'Mamoudzou', services: ['Plaintes'], tags: ['sécurité'], verified: true, featured: false,
      },
      { id: 'd2', name: 'Pharmacie de Kawéni', description: '@SUM(1+1)', category: 'sante', status: 'pending', phone: '0269 62 00 00', verified: false, featured: true },
    ];
    const { csv, rows } = roundTrip(annuaire, records);
    expect(csv).toContain('"+262 269 61 12 17"');
    expect(csv).toContain(`"'@SUM(1+1)"`);
    expect(rows.map((row) => row.reasons)).toEqual([[], []]);
    rows.forEach((row, i) => expect(row.record).toEqual(expect.objectContaining(importable(annuaire, records[i]))));
  });

  it('still reads a file from before, whose signed numbers carry the guard\'s quote', () => {
    const csv = '\uFEFF"nom","categorie","adresse","latitude","longitude"\r\n"Ancien export","Santé","Place Mariage","\'-12.78","45.22"\r\n';
    const { rows } = readImport(poi, parseCsv(csv));
    expect(rows[0].reasons).toEqual([]);
    expect(rows[0].record).toEqual(expect.objectContaining({ name: 'Ancien export', category: 'sante', latitude: -12.78, longitude: 45.22 }));
  });
});
