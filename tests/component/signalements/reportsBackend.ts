import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

/** Reports as the backend stores them, for the reports screen's tests. */
export function makeReports(n: number): Record<string, unknown>[] {
  const statuses = ['nouveau', 'en_cours', 'en_attente', 'resolu', 'rejete'];
  const priorities = ['basse', 'normale', 'haute', 'critique'];
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    documentId: `rep${i + 1}`,
    title: `Signalement numéro ${i + 1}`,
    type: i % 2 ? 'Voirie' : 'Éclairage public',
    subType: i % 2 ? 'Nid-de-poule' : null,
    description: `Description ${i + 1}`,
    report_status: statuses[i % statuses.length],
    priority: priorities[i % priorities.length],
    zone: i % 3 ? 'Kawéni' : 'Centre-ville',
    address: `${i + 1} rue du Marché`,
    latitude: -12.7806 + i / 1000,
    longitude: 45.2279,
    assignedTo: i % 4 === 0 ? 'Agent Ali' : null,
    service: i % 4 === 0 ? 'Service Technique' : null,
    slaTarget: null,
    slaStatus: i % 3 === 0 ? 'depasse' : 'dans_les_temps',
    createdAt: new Date(Date.UTC(2025, 0, 1 + i, 8, 30)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, 2 + i, 9, 45)).toISOString(),
    photos: [],
    tags: [],
    internalNotes: [],
    isPublic: true,
  }));
}

/** The fake backend with /api/reports filtering, sorting and paging like Strapi. */
export function reportsBackend(rows: Record<string, unknown>[]) {
  return serveCollection(fakeBackend({ reports: rows }), 'reports', rows);
}
