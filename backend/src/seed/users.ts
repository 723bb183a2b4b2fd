import type { Core } from '@strapi/strapi';
import { randomBytes } from 'node:crypto';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
const DAY = 24 * 3600 * 1000;

interface StaffAccount {
  username: string;
  email: string;
  /** Known password of a demo account; staff-only accounts get a random one. */
  password?: string;
  role: string;
  service: string;
  status: 'actif' | 'suspendu' | 'inactif';
  /** Days since the last login (none: never logged in). */
  lastAccessDaysAgo?: number;
}

/** The demo accounts, one per role (README.md, « Comptes de démonstration »). */
export const DEMO_ACCOUNTS: StaffAccount[] = [
  { username: 'Admin Mairie', email: 'admin@mairie.test', password: 'Admin123!', role: 'Administrator', service: 'Service Technique', status: 'actif' },
  { username: 'Fatima Madi', email: 'superadmin@mairie.test', password: 'Super123!', role: 'Super Admin', service: 'Urbanisme', status: 'actif' },
  { username: 'Zaïnaba Said', email: 'editeur@mairie.test', password: 'Editeur123!', role: 'Editor', service: 'Communication', status: 'actif' },
  { username: 'Moussa Attoumani', email: 'operateur@mairie.test', password: 'Operateur123!', role: 'Operator', service: 'Service Technique', status: 'actif' },
  { username: 'Roukia Ahamada', email: 'auteur@mairie.test', password: 'Auteur123!', role: 'Author', service: 'Communication', status: 'actif' },
];

/** More staff for the users screen: they cannot log in with a known password. */
export const OTHER_STAFF: StaffAccount[] = [
  { username: 'Hadidja Youssouf', email: 'hadidja.youssouf@mairie.test', role: 'Operator', service: 'Environnement', status: 'actif', lastAccessDaysAgo: 1 },
  { username: 'Bacar Ousseni', email: 'bacar.ousseni@mairie.test', role: 'Operator', service: 'Eau et Assainissement', status: 'actif', lastAccessDaysAgo: 3 },
  { username: 'Naouirou Chanfi', email: 'naouirou.chanfi@mairie.test', role: 'Editor', service: 'Espaces Verts', status: 'actif', lastAccessDaysAgo: 6 },
  { username: 'Julien Martin', email: 'julien.martin@mairie.test', role: 'Operator', service: 'Police Municipale', status: 'suspendu', lastAccessDaysAgo: 40 },
  { username: 'Sitti Mlanao', email: 'sitti.mlanao@mairie.test', role: 'Author', service: 'Communication', status: 'inactif', lastAccessDaysAgo: 120 },
  { username: 'Anli Combo', email: 'anli.combo@mairie.test', role: 'Author', service: 'Urbanisme', status: 'inactif' },
];

/** A random password meeting the complexity rules (upper, lower, digit, symbol, 16+ characters). */
function strongPassword(): string {
  return `${randomBytes(12).toString('base64url')}aA1!`;
}

/**
 * Creates each account whose e-mail is not registered yet. service, status and lastAccess are set only
 * when the user model has them (they are added to users-permissions by the backend's extension).
 */
export async function seedUsers(strapi: Core.Strapi): Promise<number> {
  const attributes = (strapi.getModel(USER_UID) as any).attributes as Record<string, unknown>;
  const users = strapi.plugin('users-permissions').service('user');
  let created = 0;
  for (const account of [...DEMO_ACCOUNTS, ...OTHER_STAFF]) {
    const email = account.email.toLowerCase();
    if (await strapi.db.query(USER_UID).findOne({ where: { email }, select: ['id'] })) continue;
    const role = await strapi.db.query(ROLE_UID).findOne({ where: { name: account.role }, select: ['id'] });
    if (!role) {
      strapi.log.warn(`[seed] rôle « ${account.role} » introuvable : compte ${email} non créé`);
      continue;
    }
    const extra: Record<string, unknown> = { service: account.service, status: account.status };
    if (account.lastAccessDaysAgo !== undefined) extra.lastAccess = new Date(Date.now() - account.lastAccessDaysAgo * DAY).toISOString();
    try {
      await users.add({
        username: account.username,
        email,
        password: account.password ?? strongPassword(),
        provider: 'local',
        confirmed: true,
        // Only active accounts can log in (the backend's status sync enforces the same rule).
        blocked: account.status !== 'actif',
        role: role.id,
        ...Object.fromEntries(Object.entries(extra).filter(([key]) => key in attributes)),
      });
      created++;
    } catch (error) {
      // e.g. the username is taken by an account with another e-mail: keep going with the others.
      strapi.log.warn(`[seed] compte ${email} non créé : ${(error as Error).message}`);
    }
  }
  return created;
}
