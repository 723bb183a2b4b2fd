import MeetingIcon from '@mui/icons-material/GroupsOutlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { oneOf, optionalText, requiredText } from '../../../src/generic/schema';
import type { ResourceConfig } from '../../../src/generic/types';
import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

/**
 * A resource that exists only in the tests: a config and nothing else. Every piece of the generic
 * screen is declared here (summary cards, tabs, filters, badges, yes/no, dates, tags, row and bulk
 * actions, texts), so the tests prove the framework, not a resource's own code.
 */
export const reunions: ResourceConfig = {
  name: 'reunions',
  endpoint: 'meetings',
  label: 'Réunions',
  recordLabel: 'Réunion',
  icon: MeetingIcon,
  menu: { group: 'gestion', order: 9 },
  access: { module: 'contenus' },
  quickCreate: 'Nouvelle réunion',
  fields: [
    { source: 'title', label: 'Objet', type: 'text', cell: 'title', schema: requiredText(200, { required: "L'objet est requis" }) },
    {
      source: 'room',
      label: 'Salle',
      type: 'select',
      choices: [
        { id: 'conseil', name: 'Salle du conseil' },
        { id: 'annexe', name: 'Annexe' },
      ],
      tones: { conseil: 'blue', annexe: 'green' },
      schema: oneOf(['conseil', 'annexe']),
    },
    { source: 'online', label: 'En ligne', type: 'boolean' },
    { source: 'day', label: 'Jour', type: 'date' },
    { source: 'topics', label: 'Sujets', type: 'tags', maxItems: 2 },
    { source: 'notes', label: 'Notes', type: 'longtext', schema: optionalText(500) },
    { source: 'status', label: 'État', type: 'select', choices: [{ id: 'open', name: 'Ouverte' }, { id: 'archived', name: 'Archivée' }] },
  ],
  list: { columns: ['title', 'room', 'online', 'day', 'topics'], sort: { field: 'title', order: 'ASC' }, perPage: 2 },
  filters: [{ source: 'q' }, { source: 'room' }],
  tabs: [
    { id: 'all', label: 'Toutes', filter: {} },
    { id: 'online', label: 'En ligne', filter: { online: true } },
  ],
  summary: {
    cards: [
      { id: 'total', label: 'Total', count: {} },
      { id: 'online', label: 'À distance', count: { online: true } },
    ],
  },
  actions: {
    row: ['show', 'edit', 'archive', 'delete'],
    bulk: ['archive', 'delete'],
    detail: ['edit', 'delete'],
    custom: [
      {
        id: 'archive',
        label: 'Archiver',
        icon: ArchiveIcon,
        access: 'edit',
        update: { status: 'archived' },
        messages: { successTitle: 'Réunion archivée', success: 'La réunion a été archivée.', bulkSuccess: '{n} réunion(s) archivée(s).', errorTitle: 'Erreur', error: "Impossible d'archiver." },
      },
    ],
  },
  texts: {
    count: '{n} réunion(s) trouvée(s)',
    loading: 'Chargement des réunions...',
    loadingError: 'Erreur lors du chargement des réunions',
    empty: 'Aucune réunion trouvée',
    listCaption: 'Liste des réunions',
    search: 'Rechercher une réunion',
    selectAll: 'Sélectionner toutes les réunions de la page',
    create: 'Nouvelle réunion',
    editTitle: 'Modifier la réunion',
    created: { title: 'Réunion créée', message: 'La réunion a été créée.' },
    updated: { title: 'Réunion modifiée', message: 'Les modifications ont été enregistrées.' },
    createError: { title: 'Erreur', message: 'Impossible de créer la réunion.' },
    updateError: { title: 'Erreur', message: "Impossible d'enregistrer la réunion." },
    deleteConfirm: {
      title: 'Supprimer la réunion',
      message: 'Êtes-vous sûr de vouloir supprimer cette réunion ?',
      bulkTitle: 'Supprimer {n} réunion(s)',
      bulkMessage: 'Êtes-vous sûr de vouloir supprimer {n} réunion(s) ?',
    },
    deleted: { title: 'Réunion supprimée', message: 'La réunion a été supprimée.', bulkMessage: '{n} réunion(s) supprimée(s).' },
  },
  // Written whole, without a row of domain/resources.ts: what the data provider needs of it.
  transport: { populate: [], searchFields: ['title'] },
  exportColumns: [
    { key: 'objet', source: 'title' },
    { key: 'salle', source: 'room' },
    { key: 'enLigne', source: 'online', format: 'yesno' },
  ],
  recordRepresentation: 'title',
  views: { list: true, create: true, edit: true, detail: true },
};

export function makeMeetings(): Record<string, unknown>[] {
  return [
    { id: 1, documentId: 'm1', title: 'Budget participatif', room: 'annexe', online: true, day: '2026-03-02', topics: ['budget', 'quartiers', 'écoles', 'voirie'], status: 'open' },
    { id: 2, documentId: 'm2', title: 'Commission voirie', room: 'annexe', online: false, day: '2026-03-05', topics: [], status: 'open' },
    { id: 3, documentId: 'm3', title: 'Conseil municipal', room: 'conseil', online: null, day: '2026-03-09', topics: ['budget'], status: 'open' },
  ];
}

/** The fake backend with /api/meetings served like Strapi. */
export function meetingsBackend(rows = makeMeetings()) {
  const backend = serveCollection(fakeBackend({ meetings: rows }), 'meetings', rows);
  return { backend, rows };
}
