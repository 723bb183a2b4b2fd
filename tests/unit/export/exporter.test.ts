import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { BOM, escapeHtml, exportFileName, exportRows, fetchAllRows, toCsv, toHtml, unguardedCell } from '../../../src/common/exporter';
import { signalements } from '../../../src/resources/signalements';

const columns = signalements.exportColumns!;

const report = {
  id: 'abc123',
  reference: 'MZ-2025-00042',
  source: 'Back-office',
  title: 'Dépôt "sauvage", rue du Marché',
  description: '=HYPERLINK("http://evil")',
  type: 'Propreté',
  subType: 'Dépôt sauvage',
  report_status: 'en_cours',
  priority: 'haute',
  zone: 'Kawéni',
  address: '+33 rue',
  citizenName: '@ali',
  citizenEmail: 'ali@example.test',
  citizenPhone: '-262',
  assignedTo: null,
  service: 'Service Technique',
  createdAt: '2025-03-04T05:06:00',
  updatedAt: '2025-03-05T17:45:00',
  slaTarget: null,
  slaStatus: 'depasse',
  tags: ['urgent', 'nuit'],
};

describe('CSV', () => {
  it('starts with a BOM, has the specification\'s report columns, quotes every value and doubles inner quotes', () => {
    const csv = toCsv([report], columns);
    expect(csv.startsWith(BOM)).toBe(true);
    const [header, row] = csv.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      '"id";"titre";"description";"type";"sousType";"statut";"priorite";"zone";"adresse";"nomCitoyen";"emailCitoyen";"telephoneCitoyen";"assigneA";"service";"dateCreation";"dateModification";"latitude";"longitude";"Échéance de traitement";"statutSLA";"tags";"reference";"origine"',
    );
    expect(row).toBe(
      '"abc123";"Dépôt ""sauvage"", rue du Marché";"\'=HYPERLINK(""http://evil"")";"Propreté";"Dépôt sauvage";"En cours";"Haute";"Kawéni";"\'+33 rue";"\'@ali";"ali@example.test";"-262";"";"Service Technique";"04/03/2025 05:06";"05/03/2025 17:45";"";"";"";"Dépassé";"urgent, nuit";"MZ-2025-00042";"Back-office"',
    );
  });

  it('neutralises cells a spreadsheet would run (= + - @ tab or carriage return first, multi-line ones too), not signed numbers nor phone numbers', () => {
    const values = ['=1', '+1+1', '-1*2', '-x', '+33 rue', '@a', '\tx', '\rx', '=A1\nsuite', '-1\n=cmd', "'=déjà", 'a=1', '1', 'x-1', '-12.7814', '+262 269 61 10 10', '+33 (0)6 12-34', "'simple"];
    const csv = toCsv(values.map((v) => ({ v })), [{ key: 'valeur', source: 'v' }]);
    const cells = csv.slice(1, -2).split('\r\n').slice(1);
    expect(cells).toEqual([
      '"\'=1"', '"\'+1+1"', '"\'-1*2"', '"\'-x"', '"\'+33 rue"', '"\'@a"', '"\'\tx"', '"\'\rx"', '"\'=A1\nsuite"', '"\'-1\n=cmd"', '"\'\'=déjà"',
      '"a=1"', '"1"', '"x-1"', '"-12.7814"', '"+262 269 61 10 10"', '"+33 (0)6 12-34"', '"\'simple"',
    ]);
    // What the imports read back is what was exported, the guard undone.
    expect(cells.map((cell) => unguardedCell(cell.slice(1, -1)))).toEqual(values);
  });

  it('ends every line with CRLF, the last one too, and writes only the header for no rows', () => {
    const columns = [
      { key: 'titre', source: 'title' },
      { key: 'note', source: 'note' },
    ];
    expect(toCsv([{ title: 'A', note: 'ligne 1\nligne 2' }, { title: 'B' }], columns)).toBe(
      `${BOM}"titre";"note"\r\n"A";"ligne 1\nligne 2"\r\n"B";""\r\n`,
    );
    expect(toCsv([], columns)).toBe(`${BOM}"titre";"note"\r\n`);
  });
});

describe('HTML', () => {
  it('escapes every value and the column names', () => {
    const html = toHtml([{ ...report, title: '<script>alert("x")</script> & co' }], columns, 'Signalements');
    expect(html).toContain('<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</td>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<th scope="col">titre</th>');
    expect(html).toContain('<html lang="fr">');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});

describe('every matching row, paged through the API', () => {
  const provider = (total: number) => {
    const calls: { page: number; perPage: number; filter: unknown; sort: unknown }[] = [];
    const dataProvider = {
      getList: async (_resource: string, params: { pagination: { page: number; perPage: number }; filter: unknown; sort: unknown }) => {
        calls.push({ ...params.pagination, filter: params.filter, sort: params.sort });
        const { page, perPage } = params.pagination;
        const start = (page - 1) * perPage;
        const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({ ...report, id: `r${start + i}` }));
        return { data, total };
      },
    } as unknown as DataProvider;
    return { dataProvider, calls };
  };

  it('asks page after page with the list\'s filters and sort until every row is there', async () => {
    const { dataProvider, calls } = provider(250);
    const rows = await fetchAllRows(dataProvider, 'signalements', { filter: { report_status: 'en_cours' }, sort: { field: 'createdAt', order: 'DESC' } });
    expect(rows).toHaveLength(250);
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(calls.every((c) => c.perPage === 100)).toBe(true);
    expect(calls[0].filter).toEqual({ report_status: 'en_cours' });
    expect(calls[0].sort).toEqual({ field: 'createdAt', order: 'DESC' });
  });

  it('downloads signalements_yyyy-MM-dd.csv, and nothing for no data', async () => {
    const files: { name: string; blob: Blob }[] = [];
    const download = (blob: Blob, name: string) => files.push({ blob, name });
    const request = { resource: 'signalements', columns, format: 'csv' as const, fileName: 'signalements', title: 'Signalements' };
    expect(await exportRows(provider(3).dataProvider, request, download)).toBe(3);
    expect(files[0].name).toMatch(/^signalements_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await files[0].blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    expect((await files[0].blob.text()).split('\r\n').filter(Boolean)).toHaveLength(4);
    expect(await exportRows(provider(0).dataProvider, request, download)).toBe(0);
    expect(files).toHaveLength(1);
    expect(exportFileName('evenements', 'html', new Date('2025-01-31T09:00:00Z'))).toBe('evenements_2025-01-31.html');
  });

  it('any column config works: another resource reuses it (yes/no, count, blocks, date)', () => {
    const csv = toCsv(
      [{ id: 1, title: 'Fête', coverImage: { url: '/x.png' }, gallery: [1, 2], body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Bonjour' }] }], date: '2025-07-14T10:00:00' }],
      [
        { key: 'titre', source: 'title' },
        { key: 'imageCouverture', source: 'coverImage', format: 'yesno' },
        { key: 'nombreImages', source: 'gallery', format: 'count' },
        { key: 'contenu', source: 'body', format: 'blocks' },
        { key: 'date', source: 'date', format: 'date' },
      ],
    );
    expect(csv.slice(1).split('\r\n')[1]).toBe('"Fête";"Oui";"2";"Bonjour";"14/07/2025"');
  });

  it('writes a rich-text list one item per line', () => {
    const body = [
      { type: 'paragraph', children: [{ type: 'text', text: 'À apporter :' }] },
      { type: 'list', format: 'unordered', children: ['Gilet', 'Lampe'].map((text) => ({ type: 'list-item', children: [{ type: 'text', text }] })) },
    ];
    const csv = toCsv([{ body }], [{ key: 'contenu', source: 'body', format: 'blocks' }]);
    expect(csv).toBe(`${BOM}"contenu"\r\n"À apporter :\nGilet\nLampe"\r\n`);
  });
});
