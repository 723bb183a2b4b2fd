import { describe, expect, it } from 'vitest';
import { annuaire } from '../../../src/resources/annuaire';
import { poi } from '../../../src/resources/poi';
import { batchesOf, parseCsv, readImport, rejectedCsv, sampleCsv } from '../../../src/generic/import/csvImport';

/** CSV import: dialects as Excel writes them in French, and every row checked with the resource's zod schema. */

const read = (config: typeof poi, text: string) => readImport(config, parseCsv(text));

describe('CSV dialects', () => {
  it('reads commas, semicolons (Excel in French) and tabs, with or without a BOM, CRLF or LF', () => {
    const expected = { headers: ['nom', 'categorie', 'adresse'], rows: [['Plage', 'Loisirs', 'Front de mer, Mtsapéré']] };
    for (const text of [
      'nom,categorie,adresse\r\nPlage,Loisirs,"Front de mer, Mtsapéré"\r\n',
      '\uFEFFnom;categorie;adresse\r\nPlage;Loisirs;Front de mer, Mtsapéré\r\n',
      '\uFEFFnom,categorie,adresse\nPlage,Loisirs,"Front de mer, Mtsapéré"\n\n',
      'nom\tcategorie\tadresse\nPlage\tLoisirs\tFront de mer, Mtsapéré',
    ]) {
      const parsed = parseCsv(text);
      expect({ headers: parsed.headers, rows: parsed.rows }).toEqual(expected);
    }
    expect(parseCsv('nom;categorie\nA;B').delimiter).toBe(';');
  });

  it('reads headers by key, French label or alias, without case or accents, and says which it ignores', () => {
    const { rows, ignored } = read(poi, '\uFEFFNom;Catégorie;Adresse;LAT;lng;Couleur\nPlage;loisirs;Front de mer;-12,79;45,22;bleu');
    expect(ignored).toEqual(['Couleur']);
    expect(rows[0].reasons).toEqual([]);
    expect(rows[0].record).toMatchObject({ name: 'Plage', category: 'loisirs', address: 'Front de mer', latitude: -12.79, longitude: 45.22 });
  });

  it('turns cells into values: categories by name, statuses by label, Oui/Non, lists, hours', () => {
    const { rows } = read(
      poi,
      'nom;categorie;sousCategorie;statut;adresse;fauteuilRoulant;parking;tags;horaires\n' +
        'Hôpital;Santé;Hôpital;En attente;Rue;Oui;non;urgences, maternité;lun-ven 07:30-15:30; sam 08:00-12:00\n',
    );
    // The semicolon inside the hours ends the cell in a semicolon file: quoted, it stays.
    const quoted = read(poi, 'nom;categorie;adresse;horaires\nHôpital;sante;Rue;"lun-ven 07:30-15:30; sam 08:00-12:00"\n').rows[0];
    expect(quoted.reasons).toEqual([]);
    expect(quoted.record.openingHours).toMatchObject({ monday: { isOpen: true, periods: [{ open: '07:30', close: '15:30' }] }, saturday: { isOpen: true }, sunday: { isOpen: false } });
    expect(rows[0].record).toMatchObject({ category: 'sante', subcategory: 'hopital', status: 'pending', wheelchairAccessible: true, parkingAvailable: false, tags: ['urgences', 'maternité'] });
  });

  it('refuses each kind of bad row with its line and a French reason', () => {
    const { rows } = read(
      annuaire,
      [
        'nom,categorie,email,statut,verifiee,horaires,telephone',
        'Bonne entrée,associations,ok@exemple.yt,Actif,Oui,,0269',
        ',associations,,,,,', // name missing
        'Sans catégorie,,,,,,', // category missing
        'Catégorie inconnue,Piscine,,,,,', // unknown category
        'Mauvais email,associations,pas-un-email,,,,', // email
        'Mauvais statut,associations,,Fermé,,,', // unknown status
        'Mauvais booléen,associations,,,peut-être,,', // yes/no
        'Mauvais horaires,associations,,,,tous les jours,', // hours
        `${'N'.repeat(201)},associations,,,,,`, // too long
      ].join('\n'),
    );
    expect(rows.map((r) => [r.line, r.reasons])).toEqual([
      [2, []],
      [3, ['Nom : Le nom est requis']],
      [4, ['Catégorie : La catégorie est requise']],
      [5, ['Catégorie : valeur inconnue « Piscine »']],
      [6, ['Email : Adresse email invalide']],
      [7, ['Statut : valeur inconnue « Fermé »']],
      [8, ['Entrée vérifiée : oui ou non attendu « peut-être »']],
      [9, ["Horaires d'ouverture : horaires illisibles « tous les jours » (exemple : lun-ven 07:30-15:30)"]],
      [10, ['Nom : Ce champ ne peut pas dépasser 200 caractères']],
    ]);
    expect(rows[0].record).toEqual({ name: 'Bonne entrée', category: 'associations', email: 'ok@exemple.yt', status: 'active', verified: true, phone: '0269' });
    const poiRows = read(poi, 'nom,categorie,adresse,latitude\nSans adresse,loisirs,,\nMauvaise latitude,loisirs,Rue,abc\nHors bornes,loisirs,Rue,-120').rows;
    expect(poiRows.map((r) => r.reasons)).toEqual([
      ["Adresse : L'adresse est requise"],
      ['Latitude : nombre attendu « abc »'],
      ['Latitude : Latitude entre -90 et 90'],
    ]);
  });

  it('writes the refused rows back as CSV with their line and reason, and a sample file the import reads back', () => {
    const parsed = parseCsv('nom,categorie\n,associations\n');
    const { rows } = readImport(annuaire, parsed);
    const csv = rejectedCsv(parsed.headers, rows);
    expect(csv.startsWith('\uFEFF"ligne";"raison";"nom";"categorie"\r\n"2";"Nom : Le nom est requis";"";"associations"')).toBe(true);
    for (const config of [poi, annuaire]) {
      const sample = readImport(config, parseCsv(sampleCsv(config)));
      expect(sample.ignored).toEqual([]);
      expect(sample.rows.length).toBeGreaterThan(0);
      for (const row of sample.rows) expect(row.reasons).toEqual([]);
    }
  });

  it('cuts the valid rows into batches of at most 500', () => {
    expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batchesOf(Array.from({ length: 1200 }, (_, i) => i), 1000).map((b) => b.length)).toEqual([500, 500, 200]);
  });
});
