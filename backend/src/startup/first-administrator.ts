import type { Core } from '@strapi/strapi';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { claimRun, ensureRunsTable } from '../maintenance/run-once';
import { sendInvitation, unknowablePassword } from '../users/password-links';
import { refuseToStart } from './database-guard';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';

/**
 * A first installation's administrator (FIRST_ADMIN_EMAIL): while the base holds no account at all, an
 * Administrator account for that address, invited as any colleague is (a link to choose the password, valid
 * 72 hours, through the outbox): nobody ever types or sees a password in the server's configuration. Once any
 * account exists, nothing; instances started together invite once (the claim of run-once.ts).
 */
export async function inviteFirstAdministrator(strapi: Core.Strapi) {
  const email = firstAdministratorEmail();
  if (!email) return;
  if ((await strapi.db.query(USER).count({})) > 0) return;
  await ensureRunsTable(strapi);
  if (!(await claimRun(strapi, 'firstAdministrator', 'installation'))) return;
  const role = await strapi.db.query(ROLE).findOne({ where: { type: 'administrator' }, select: ['id'] });
  const user = await strapi
    .plugin('users-permissions')
    .service('user')
    .add({ username: 'Administrateur', email, provider: 'local', password: unknowablePassword(), confirmed: true, blocked: false, role: role.id });
  await sendInvitation(strapi, user.id);
  strapi.log.warn(`Première installation : compte administrateur créé pour ${email}, invitation envoyée (lien valable 72 heures).`);
}

/** FIRST_ADMIN_EMAIL, checked at the start's first step (register): an address that is not one stops the start. */
export function firstAdministratorEmail(): string | undefined {
  const raw = process.env.FIRST_ADMIN_EMAIL?.trim();
  if (!raw) return undefined;
  const email = raw.toLowerCase();
  if (!isEmailAddress(email)) refuseToStart(`FIRST_ADMIN_EMAIL n'est pas une adresse e-mail valide : « ${raw.slice(0, 100)} ».`);
  return email;
}
