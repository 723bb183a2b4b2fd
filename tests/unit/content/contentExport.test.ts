import { afterEach, describe, expect, it } from 'vitest';
import { toCsv, toHtml } from '../../../src/common/exporter';
import { articleExportColumns } from '../../../src/resources/actualites/articleExport';
import { eventExportColumns } from '../../../src/resources/evenements/eventExport';

/** The export rows of news and events: columns, rich text flattened, dates in the town's time. */

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

const text = (t: string, extra: Record<string, unknown> = {}) => ({ type: 'text', text: t, ...extra });
const article = {
  id: 'art1',
  title: 'Inscriptions scolaires',
  slug: 'inscriptions-scolaires',
  summary: 'Ouvertes',
  body: [
    { type: 'heading', level: 2, children: [text('Pièces')] },
    { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Livret de famille')] }, { type: 'list-item', children: [text('Carnet de vaccination', { bold: true })] }] },
  ],
  date: '2026-03-02T07:00:00.000Z',
  createdAt: '2026-03-01T06:00:00.000Z',
  updatedAt: '2026-03-02T08:15:00.000Z',
  publishedOn: '2026-03-02T08:15:00.000Z',
  coverImage: { id: 1, url: 'http://api.test/uploads/a.png' },
  gallery: [{ id: 2, url: 'http://api.test/uploads/b.png' }, { id: 3, url: 'http://api.test/uploads/c.png' }],
};
const event = {
  id: 'ev1',
  title: 'Marché nocturne',
  slug: 'marche-nocturne',
  description: [{ type: 'paragraph', children: [text('Produits '), text('locaux', { italic: true })] }],
  date: '2026-03-14',
  time: '19:30:00.000',
  location: 'Front de mer',
  category: 'Économie',
  image: null,
  createdAt: '2026-03-01T21:30:00.000Z',
  updatedAt: '2026-03-01T21:30:00.000Z',
};

describe('news and events exports', () => {
  it('writes the article columns: the body\'s list items on their own lines, dates in Mamoudzou, cover Oui/Non, the gallery\'s size', () => {
    for (const zone of ['UTC', 'America/New_York']) {
      process.env.TZ = zone;
      const lines = toCsv([article, { ...article, id: 'art2', coverImage: null, gallery: [], publishedOn: null, body: null, summary: null }], articleExportColumns).slice(1).split('\r\n');
      expect(lines[0]).toBe('"id";"titre";"slug";"resume";"contenu";"date";"dateCreation";"dateModification";"datePublication";"imageCouverture";"nombreImages"');
      expect(lines[1]).toBe(
        '"art1";"Inscriptions scolaires";"inscriptions-scolaires";"Ouvertes";"Pièces\nLivret de famille\nCarnet de vaccination";"02/03/2026 10:00";"01/03/2026 09:00";"02/03/2026 11:15";"02/03/2026 11:15";"Oui";"2"',
      );
      expect(lines[2]).toBe('"art2";"Inscriptions scolaires";"inscriptions-scolaires";"";"";"02/03/2026 10:00";"01/03/2026 09:00";"02/03/2026 11:15";"";"Non";"0"');
    }
  });

  it('writes the event columns: the description flattened, the date as is, the time as HH:mm, the image Oui/Non', () => {
    const lines = toCsv([event], eventExportColumns).slice(1).split('\r\n');
    expect(lines[0]).toBe('"id";"titre";"slug";"description";"date";"heure";"lieu";"categorie";"image";"dateCreation";"dateModification"');
    // Created at 21:30 UTC: already the next day in Mamoudzou.
    expect(lines[1]).toBe('"ev1";"Marché nocturne";"marche-nocturne";"Produits locaux";"14/03/2026";"19:30";"Front de mer";"Économie";"Non";"02/03/2026 00:30";"02/03/2026 00:30"');
  });

  it('escapes the HTML export', () => {
    const html = toHtml([{ ...event, title: '<script>alert(1)</script>' }], eventExportColumns, 'Événements');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });
});
