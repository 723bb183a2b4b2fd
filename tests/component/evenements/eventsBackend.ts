import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
const image = (name: string, id: number) => ({ id, name, url: `/uploads/${name}`, mime: 'image/png' });

type Row = Record<string, unknown>;

/** An event as the backend stores it. */
export function eventRow(n: number, overrides: Row = {}): Row {
  return {
    id: n,
    documentId: `ev${n}`,
    title: `Événement ${n}`,
    slug: `evenement-${n}`,
    description: paragraph(`Description ${n}`),
    date: '2026-03-20',
    time: '18:00:00.000',
    location: 'Place Mariage',
    category: 'Culture',
    image: null,
    status: 'published',
    createdAt: '2026-03-01T06:00:00.000Z',
    updatedAt: '2026-03-01T06:00:00.000Z',
    ...overrides,
  };
}

export function makeEvents(): Row[] {
  return [
    eventRow(1, { title: 'Marché nocturne', slug: 'marche-nocturne', date: '2026-03-14', time: '19:30:00.000', location: 'Front de mer', category: 'Économie', image: image('marche.png', 21) }),
    eventRow(2, { title: 'Tournoi de football', slug: 'tournoi-de-football', date: '2026-02-28', time: '14:00:00.000', location: 'Stade de Cavani', category: 'Sport', status: 'draft' }),
    eventRow(3, { title: 'Conseil municipal', slug: 'conseil-municipal', date: '2026-04-02', time: '17:00:00.000', location: 'Hôtel de ville', category: 'Politique', image: image('conseil.png', 22) }),
  ];
}

/** The fake backend with /api/events served like Strapi, its stats route (categories in use) and /api/upload. */
export function eventsBackend(rows = makeEvents(), settings: Row = {}) {
  const backend = serveCollection(fakeBackend({ events: rows }, settings), 'events', rows);
  backend.on('GET', '/api/events/stats', () => {
    const byCategory: Record<string, number> = {};
    for (const row of rows) byCategory[String(row.category)] = (byCategory[String(row.category)] ?? 0) + 1;
    return { body: { total: rows.length, categories: Object.keys(byCategory).length, byCategory } };
  });
  let next = 200;
  backend.on('POST', '/api/upload', (call) => {
    const files = (call.rawBody as FormData).getAll('files') as File[];
    return { body: files.map((file) => ({ id: next++, name: file.name, url: `/uploads/${file.name}`, mime: file.type })) };
  });
  return { backend, rows };
}
