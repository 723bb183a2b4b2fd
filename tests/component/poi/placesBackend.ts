import { WEEKDAYS } from '@mamoudzou/domain/vocabulary';
import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

type Row = Record<string, unknown>;

const weekdays = (open: string, close: string) =>
  Object.fromEntries(WEEKDAYS.map((day, i) => [day, i < 5 ? { isOpen: true, periods: [{ open, close }] } : { isOpen: false, periods: [] }]));
const always = Object.fromEntries(WEEKDAYS.map((day) => [day, { isOpen: true, periods: [{ open: '00:00', close: '23:59' }] }]));

export function makePois(): Row[] {
  return [
    { id: 1, documentId: 'p1', name: 'Hôtel de ville', category: 'administration', subcategory: 'mairie', status: 'active', address: 'Place Mariage', latitude: -12.7809, longitude: 45.2277, phone: '0269 61 10 10', rating: 3.9, reviewCount: 128, tags: ['mairie', 'état civil', 'accueil', 'élections'], services: ['État civil'], openingHours: weekdays('07:30', '15:30'), wheelchairAccessible: true },
    { id: 2, documentId: 'p2', name: 'Centre hospitalier', category: 'sante', subcategory: 'hopital', status: 'active', address: "Rue de l'Hôpital", latitude: -12.7846, longitude: 45.2265, rating: 3.6, reviewCount: 342, tags: ['urgences'], openingHours: always },
    { id: 3, documentId: 'p3', name: 'Plage de Mtsapéré', category: 'loisirs', subcategory: 'plage', status: 'pending', address: 'Front de mer', latitude: -12.7968, longitude: 45.2243, rating: 0, reviewCount: 0, tags: ['baignade'] },
    { id: 4, documentId: 'p4', name: 'Marché couvert', category: 'commerce', status: 'inactive', address: 'Rue du Commerce', rating: 4.2, reviewCount: 10, tags: [] },
  ];
}

export function makeEntries(): Row[] {
  return [
    { id: 11, documentId: 'd1', name: 'SAMU', category: 'urgences', subcategory: 'samu', status: 'active', phone: '15', emergencyPhone: '15', services: ['Régulation'], openingHours: always, featured: true, verified: true },
    { id: 12, documentId: 'd2', name: 'Sapeurs-pompiers', category: 'urgences', subcategory: 'pompiers', status: 'active', phone: '18', emergencyPhone: '112', services: ['Incendie', 'Secours', 'Inondation', 'Risques', 'Formation'], openingHours: always, featured: true, verified: true },
    { id: 13, documentId: 'd3', name: 'Mairie annexe', category: 'administration', status: 'active', phone: '0269 61 10 11', email: 'annexe@mamoudzou.yt', services: ['État civil'], verified: true },
    { id: 14, documentId: 'd4', name: 'Club de football', category: 'associations', status: 'pending', phone: '0639 00 00 00', services: [] },
  ];
}

export const POI_STATS = { total: 4, byStatus: { active: 2, pending: 1, inactive: 1 }, byCategory: { administration: 1, sante: 1, loisirs: 1, commerce: 1 }, averageRating: 3.9, categories: 4 };

/** The fake backend with /api/pois (and its figures and import) and /api/directory-entries served like Strapi. */
export function placesBackend(pois = makePois(), entries = makeEntries()) {
  const backend = serveCollection(serveCollection(fakeBackend({ pois, 'directory-entries': entries }), 'pois', pois), 'directory-entries', entries);
  backend.on('GET', '/api/pois/stats', { body: POI_STATS });
  return { backend, pois, entries };
}
