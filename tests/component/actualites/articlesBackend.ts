import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

const text = (t: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: t, ...marks });
const image = (name: string, id: number) => ({ id, name, url: `/uploads/${name}`, mime: 'image/png' });

/** A long body: a heading, paragraphs, a bulleted list, bold text. */
export const LONG_BODY = [
  { type: 'heading', level: 2, children: [text('Les pièces à fournir')] },
  { type: 'paragraph', children: [text('Pour inscrire votre enfant, présentez-vous en mairie '), text('avant le 30 juin', { bold: true }), text(' avec :')] },
  { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Livret de famille')] }, { type: 'list-item', children: [text('Carnet de vaccination')] }, { type: 'list-item', children: [text('Justificatif de domicile')] }] },
  { type: 'paragraph', children: [text('Les inscriptions se font du lundi au vendredi, de 7 h 30 à 15 h 30, au service des affaires scolaires.')] },
  { type: 'paragraph', children: [text('Un accueil est aussi prévu dans les mairies annexes de Kawéni, Passamainti et Vahibé pour les familles qui ne peuvent pas se déplacer au centre-ville.')] },
  { type: 'paragraph', children: [text('Pour toute question, le service répond au téléphone tous les matins.')] },
];

/** Articles as the backend stores them. */
export function makeArticles(): Record<string, unknown>[] {
  return [
    {
      id: 1,
      documentId: 'art1',
      title: 'Inscriptions scolaires 2026',
      slug: 'inscriptions-scolaires-2026',
      summary: 'Les inscriptions pour la rentrée sont ouvertes.',
      body: LONG_BODY,
      date: '2026-03-02T07:00:00.000Z',
      status: 'published',
      publishedOn: '2026-03-02T08:15:00.000Z',
      createdAt: '2026-03-01T06:00:00.000Z',
      updatedAt: '2026-03-02T08:15:00.000Z',
      coverImage: image('ecole.png', 11),
      gallery: [image('classe.png', 12), image('cour.png', 13)],
    },
    {
      id: 2,
      documentId: 'art2',
      title: 'Événement : fête de la musique',
      slug: 'evenement-fete-de-la-musique',
      summary: 'Scènes ouvertes sur le front de mer.',
      body: [{ type: 'paragraph', children: [text('Rendez-vous le 21 juin.')] }],
      date: '2026-02-20T15:30:00.000Z',
      status: 'draft',
      publishedOn: null,
      createdAt: '2026-02-19T06:00:00.000Z',
      updatedAt: '2026-02-19T06:00:00.000Z',
      coverImage: image('musique.png', 14),
      gallery: [],
    },
    {
      id: 3,
      documentId: 'art3',
      title: 'Coupure de courant à Cavani',
      slug: 'coupure-de-courant-a-cavani',
      summary: null,
      body: null,
      date: '2026-01-15T05:00:00.000Z',
      status: 'archived',
      publishedOn: null,
      createdAt: '2026-01-15T05:00:00.000Z',
      updatedAt: '2026-01-15T05:00:00.000Z',
      coverImage: null,
      gallery: [],
    },
  ];
}

/** The fake backend with /api/articles served like Strapi, and /api/upload answering stored files. */
export function articlesBackend(rows = makeArticles(), settings: Record<string, unknown> = {}) {
  const backend = serveCollection(fakeBackend({ articles: rows }, settings), 'articles', rows);
  let next = 100;
  backend.on('POST', '/api/upload', (call) => {
    const files = (call.rawBody as FormData).getAll('files') as File[];
    return { body: files.map((file) => ({ id: next++, name: file.name, url: `/uploads/${file.name}`, mime: file.type })) };
  });
  return { backend, rows };
}
