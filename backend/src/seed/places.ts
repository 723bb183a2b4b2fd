import type { Core } from '@strapi/strapi';
import { DIRECTORY } from './data/directory';
import { POIS } from './data/pois';

const POI_UID = 'api::poi.poi';
const DIRECTORY_UID = 'api::directory-entry.directory-entry';

async function seedCollection(strapi: Core.Strapi, uid: string, rows: Record<string, unknown>[]): Promise<number> {
  if ((await strapi.db.query(uid as any).count()) > 0) return 0;
  for (const data of rows) await strapi.documents(uid as any).create({ data: data as any });
  return rows.length;
}

/** Points of interest, when there are none. */
export const seedPois = (strapi: Core.Strapi) => seedCollection(strapi, POI_UID, POIS);

/** Directory entries, when there are none. */
export const seedDirectory = (strapi: Core.Strapi) => seedCollection(strapi, DIRECTORY_UID, DIRECTORY);
