import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { INVITATION_HOURS, isEmailAddress, PASSWORD_RESET_HOURS } from '@mamoudzou/domain/emails';
import { passwordPolicyText, passwordProblems } from '@mamoudzou/domain/password';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import { writeAudit } from '../audit/writer';
import { hashOfCode, newPasswordCode, passwordLink } from '../email/links';
import { now } from '../utils/clock';
import { currentSettings, outboxService, sessionService } from '../utils/services';
import { coded } from '@mamoudzou/domain/errors';

/**
 * Links mailed to set a password: « Mot de passe oublié ? » (valid an hour) and an invitation to a
 * new account (72 hours). The code is mailed in clear and kept only as its hash, in the account's
 * private resetPasswordToken; it works once, before its expiry, for an account that is not blocked.
 */

const USER = 'plugin::users-permissions.user';
export type PasswordLinkPurpose = 'reset' | 'invitation';

const HOURS: Record<PasswordLinkPurpose, number> = { reset: PASSWORD_RESET_HOURS, invitation: INVITATION_HOURS };

/** One reset mail per account per minute, whatever asks: nobody's mailbox is flooded through this form. */
const RESET_MAIL_EVERY_MS = 60_000;

export const MESSAGES = {
  invalidEmail: 'Adresse e-mail invalide.',
  accepted: 'Si un compte actif correspond à cette adresse, un e-mail avec un lien pour choisir un nouveau mot de passe vient d’être envoyé. Le lien est valable une heure.',
  tooMany: 'Trop de demandes de réinitialisation depuis cette adresse : réessayez dans quelques minutes.',
  missingCode: 'Lien incomplet : ouvrez le lien reçu par e-mail tel quel.',
  unknownCode: 'Ce lien n’est pas valide ou a déjà servi. Demandez un nouveau lien depuis « Mot de passe oublié ? ».',
  expiredReset: 'Ce lien a expiré (il est valable une heure). Demandez un nouveau lien depuis « Mot de passe oublié ? ».',
  expiredInvitation: 'Cette invitation a expiré (elle est valable 72 heures). Demandez à un administrateur de vous la renvoyer.',
  mismatch: 'Les deux mots de passe ne correspondent pas.',
  notPending: 'Ce compte a déjà choisi son mot de passe : il n’y a pas d’invitation à renvoyer.',
  unknownUser: 'Utilisateur introuvable',
} as const;

interface Account {
  id: number;
  username: string;
  email: string;
  blocked?: boolean;
  status?: string;
  resetPasswordToken?: string | null;
  passwordCodeExpiresAt?: string | Date | null;
  passwordCodePurpose?: PasswordLinkPurpose | null;
  passwordResetMailedAt?: string | Date | null;
  invitationPending?: boolean;
  role?: { name?: string } | null;
}

const FIELDS = ['id', 'username', 'email', 'blocked', 'status', 'resetPasswordToken', 'passwordCodeExpiresAt', 'passwordCodePurpose', 'passwordResetMailedAt', 'invitationPending'];

/** Stores a new code for the account and queues its mail. */
async function mailCode(strapi: Core.Strapi, account: Account, purpose: PasswordLinkPurpose) {
  const { code, hash } = newPasswordCode();
  const at = now();
  await strapi.db.query(USER).update({
    where: { id: account.id },
    data: {
      resetPasswordToken: hash,
      passwordCodeExpiresAt: new Date(at + HOURS[purpose] * 3600_000),
      passwordCodePurpose: purpose,
      ...(purpose === 'reset' ? { passwordResetMailedAt: new Date(at) } : { invitationPending: true }),
    },
  });
  await outboxService(strapi).enqueue({
    to: account.email,
    template: purpose === 'reset' ? 'password-reset' : 'invitation',
    audience: 'account',
    params: { name: account.username, email: account.email, role: roleLabelOf(account.role?.name), link: passwordLink(code, purpose), hours: HOURS[purpose] },
  });
}

/** « Mot de passe oublié ? »: a link for an active account of that address; nothing for any other, and the caller is told the same. */
export async function requestPasswordReset(strapi: Core.Strapi, email: string) {
  const account: Account | null = await strapi.db.query(USER).findOne({ where: { email: email.toLowerCase(), provider: 'local' }, select: FIELDS, populate: ['role'] });
  if (!account || account.blocked || (account.status ?? 'actif') !== 'actif') return;
  const last = account.passwordResetMailedAt ? new Date(account.passwordResetMailedAt).getTime() : 0;
  if (now() - last < RESET_MAIL_EVERY_MS) return;
  await mailCode(strapi, account, 'reset');
}

/** Sends (again) the invitation of an account that has not chosen its password yet. */
export async function sendInvitation(strapi: Core.Strapi, userId: number, by?: { id: number; username?: string; role?: { name?: string } | null } | null, ip?: string) {
  const account: Account | null = await strapi.db.query(USER).findOne({ where: { id: userId }, select: FIELDS, populate: ['role'] });
  if (!account) throw new errors.NotFoundError(MESSAGES.unknownUser, coded('not_found'));
  await mailCode(strapi, account, 'invitation');
  await writeAudit(strapi, { action: 'invitation', module: 'utilisateurs', resourceType: 'user', resourceId: account.id, resourceLabel: account.username, user: by as any, ip });
}

/** Resends an invitation: only to an account still waiting for its password. */
export async function resendInvitation(strapi: Core.Strapi, userId: number, by: any, ip?: string) {
  const account: Account | null = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['id', 'invitationPending'] });
  if (!account) throw new errors.NotFoundError(MESSAGES.unknownUser, coded('not_found'));
  if (!account.invitationPending) throw new errors.ApplicationError(MESSAGES.notPending, coded('conflict'));
  await sendInvitation(strapi, userId, by, ip);
}

/** The account a code opens, or the French reason it opens none. */
async function accountOfCode(strapi: Core.Strapi, code: unknown): Promise<Account & { purpose: PasswordLinkPurpose }> {
  if (typeof code !== 'string' || code.length < 20 || code.length > 200) throw new errors.ValidationError(MESSAGES.missingCode, coded('invalid_link'));
  const account: Account | null = await strapi.db.query(USER).findOne({ where: { resetPasswordToken: hashOfCode(code) }, select: FIELDS });
  if (!account || !account.passwordCodePurpose || account.blocked || (account.status ?? 'actif') !== 'actif') throw new errors.ValidationError(MESSAGES.unknownCode, coded('invalid_link'));
  const expires = account.passwordCodeExpiresAt ? new Date(account.passwordCodeExpiresAt).getTime() : 0;
  if (expires <= now()) throw new errors.ValidationError(account.passwordCodePurpose === 'invitation' ? MESSAGES.expiredInvitation : MESSAGES.expiredReset, coded('invalid_link'));
  return { ...account, purpose: account.passwordCodePurpose };
}

/** What a page asks before showing its form: whether the code still works, and what it is for. */
export async function checkPasswordCode(strapi: Core.Strapi, code: unknown) {
  const account = await accountOfCode(strapi, code);
  const settings = await currentSettings(strapi);
  return { purpose: account.purpose, email: account.email, policy: { minLength: settings.passwordMinLength, requireComplexity: settings.requirePasswordComplexity } };
}

/**
 * Sets the password a code allows, once: the code is consumed by a conditional update (two tabs
 * sending it at once: one wins), every session of the account ends, and the change is audited.
 */
export async function redeemPasswordCode(strapi: Core.Strapi, body: { code?: unknown; password?: unknown; passwordConfirmation?: unknown }, ip?: string) {
  const account = await accountOfCode(strapi, body.code);
  const password = body.password;
  const settings = await currentSettings(strapi);
  const policy = { minLength: settings.passwordMinLength, requireComplexity: settings.requirePasswordComplexity };
  if (typeof password !== 'string' || passwordProblems(password, policy).length > 0) {
    throw new errors.ValidationError(passwordPolicyText(policy), coded('password_policy', { errors: [{ path: ['password'], message: passwordPolicyText(policy), name: 'ValidationError', code: 'invalid_value' }] }));
  }
  if (body.passwordConfirmation !== undefined && body.passwordConfirmation !== password) throw new errors.ValidationError(MESSAGES.mismatch, coded('invalid_value'));
  const { count } = await strapi.db.query(USER).updateMany({
    where: { id: account.id, resetPasswordToken: account.resetPasswordToken },
    data: { resetPasswordToken: null, passwordCodeExpiresAt: null, passwordCodePurpose: null },
  });
  if (count !== 1) throw new errors.ValidationError(MESSAGES.unknownCode, coded('invalid_link'));
  await strapi.plugin('users-permissions').service('user').edit(account.id, { password, invitationPending: false, confirmed: true });
  await sessionService(strapi).endAllOf(account.id);
  await writeAudit(strapi, { action: 'password_reset', module: 'auth', resourceType: 'user', resourceId: account.id, resourceLabel: account.username, userName: account.username, ip });
  return { purpose: account.purpose };
}

/** A password nobody knows, under any policy the settings allow: an invited account's until the person chooses theirs. */
export const unknowablePassword = () => `${randomBytes(24).toString('base64url')}aA1!`;

/** The forgot-password form's address, checked; a malformed one is the form's error, told in French. */
export function checkedAddress(value: unknown): string {
  if (!isEmailAddress(typeof value === 'string' ? value.trim() : value)) throw new errors.ValidationError(MESSAGES.invalidEmail, coded('invalid_value'));
  return (value as string).trim();
}
