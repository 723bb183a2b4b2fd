import type { Core } from '@strapi/strapi';
import { seedArticles, seedEvents } from './content';
import { createPictureLibrary } from './photos';
import { seedDirectory, seedPois } from './places';
import { seedBulkReports } from './bulk-reports';
import { seedReports } from './reports';
import { seedUsers } from './users';
import { seedOpen311Client } from './open311';

/**
 * Demo data, so that a first start shows the product working: demo accounts and staff, reports, articles, events, points of interest
 * and directory entries. Idempotent: each collection is seeded only while it is empty, and each account
 * only if its e-mail is not registered, so running it at every bootstrap never duplicates anything.
 * The caller skips it when SEED_DEMO=false; the roles must exist (access/roles.ts) before it runs.
 */
export async function seedDemoData(strapi: Core.Strapi): Promise<void> {
  const pictures = createPictureLibrary(strapi);
  const counts: Record<string, number> = {};
  try {
    counts['comptes'] = await seedUsers(strapi);
    counts['signalements'] = await seedReports(strapi, pictures);
    counts['actualités'] = await seedArticles(strapi, pictures);
    counts['événements'] = await seedEvents(strapi, pictures);
    counts["points d'intérêt"] = await seedPois(strapi);
    counts['annuaire'] = await seedDirectory(strapi);
    counts['clients Open311'] = await seedOpen311Client(strapi);
    const bulk = Number(process.env.SEED_BULK_REPORTS ?? 0);
    if (bulk > 0) counts['signalements de charge'] = await seedBulkReports(strapi, bulk);
  } finally {
    await pictures.dispose();
  }
  const added = Object.entries(counts).filter(([, n]) => n > 0);
  strapi.log.info(
    added.length
      ? `[seed] données de démonstration ajoutées : ${added.map(([name, n]) => `${name} ${n}`).join(', ')}`
      : '[seed] données de démonstration déjà présentes : rien ajouté',
  );
}
