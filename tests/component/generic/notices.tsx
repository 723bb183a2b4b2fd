import { useListContext } from 'ra-core';
import { useWatch } from 'react-hook-form';
import NoticeIcon from '@mui/icons-material/CampaignOutlined';
import { slugify } from '@mamoudzou/domain/vocabulary';
import { optionalText, requiredBlocks, requiredDate, requiredText } from '../../../src/generic/schema';
import type { ResourceConfig } from '../../../src/generic/types';
import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

/**
 * A resource that exists only in the tests, for the form and list options the content screens
 * brought to the framework: a value derived from another (slug), a character counter, rich text,
 * a date and time in the town's zone with a computed default, a live preview, and a view beside
 * the list. Nothing here is a resource's own code.
 */

/** The preview slot: what is typed, read with useWatch inside the form. */
function NoticePreview() {
  const [title, slug] = useWatch({ name: ['title', 'slug'] });
  return (
    <section aria-label="Aperçu de l'annonce">
      <p>{title || 'Sans titre'}</p>
      <p>/{slug}</p>
    </section>
  );
}

/** A view beside the list: it reads the list's filters, as a calendar or a map does. */
function BoardView() {
  const { filterValues } = useListContext();
  return <p>Tableau des annonces (recherche : {String(filterValues.q ?? 'aucune')})</p>;
}

export const annonces: ResourceConfig = {
  name: 'annonces',
  endpoint: 'notices',
  label: 'Annonces',
  recordLabel: 'Annonce',
  icon: NoticeIcon,
  menu: { group: 'contenus', order: 9 },
  access: { module: 'contenus' },
  fields: [
    { source: 'title', label: 'Titre', type: 'text', cell: 'title', schema: requiredText(200, { required: 'Le titre est requis' }) },
    {
      source: 'slug',
      label: 'Slug',
      type: 'text',
      derivedFrom: { source: 'title', derive: slugify, switchLabel: 'Slug automatique' },
      schema: requiredText(200, { required: 'Le slug est requis' }),
    },
    { source: 'summary', label: 'Résumé', type: 'longtext', counter: 20, schema: optionalText(20, 'Le résumé ne peut pas dépasser 20 caractères') },
    { source: 'body', label: 'Texte', type: 'blocks', schema: requiredBlocks('Le texte est requis') },
    { source: 'publishAt', label: 'Parution', type: 'datetime', defaultValue: () => '2026-05-14T07:00:00.000Z', schema: requiredDate('La date est requise') },
    { source: 'kind', label: 'Genre', type: 'select', choices: [{ id: 'info', name: 'Information' }, { id: 'alerte', name: 'Alerte' }] },
  ],
  list: {
    columns: ['title', 'slug', 'publishAt'],
    sort: { field: 'title', order: 'ASC' },
    label: 'Liste',
    tabsLabel: 'Affichage des annonces',
    views: [{ id: 'board', label: 'Tableau', component: BoardView }],
  },
  filters: [{ source: 'q' }, { source: 'kind', label: 'Genre', allLabel: 'Tous les genres' }],
  form: { preview: NoticePreview },
  texts: { count: '{n} annonce(s) trouvée(s)', create: 'Nouvelle annonce', editTitle: "Modifier l'annonce", search: 'Rechercher une annonce' },
  // Written whole, without a row of domain/resources.ts: what the data provider needs of it.
  transport: { populate: [], searchFields: ['title'] },
  recordRepresentation: 'title',
  views: { list: true, create: true, edit: true, detail: true },
};

export function makeNotices(): Record<string, unknown>[] {
  return [
    {
      id: 1,
      documentId: 'n1',
      title: 'Coupure d’eau à Kawéni',
      slug: 'coupure-deau-a-kaweni',
      summary: 'Mardi matin',
      body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Travaux sur le réseau.' }] }],
      publishAt: '2026-03-02T05:30:00.000Z',
      kind: 'alerte',
    },
    {
      id: 2,
      documentId: 'n2',
      title: 'Fête du quartier',
      slug: 'affiche-fete',
      summary: '',
      body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Samedi soir.' }] }],
      publishAt: '2026-03-05T15:00:00.000Z',
      kind: 'info',
    },
  ];
}

export function noticesBackend(rows = makeNotices()) {
  const backend = serveCollection(fakeBackend({ notices: rows }), 'notices', rows);
  return { backend, rows };
}
