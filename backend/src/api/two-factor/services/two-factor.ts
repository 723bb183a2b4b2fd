import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Core } from '@strapi/strapi';
import { currentSettings, type ChallengePurpose, type TwoFactorService, type TwoFactorStatus } from '../../../utils/services';
import { now } from '../../../utils/clock';

const UID = 'api::two-factor.two-factor';
const SPENT_UID = 'api::two-factor.two-factor-challenge';
/** RFC 6238's default step; a code of the step before or after is accepted too (clocks of phones drift). */
const STEP_SECONDS = 30;
/** A code is typed in seconds; an enrolment may mean installing an app first. */
const CHALLENGE_TTL = { verify: '5m', enrol: '15m' } as const;
export const RECOVERY_CODE_COUNT = 10;

interface Row {
  id: number;
  userId: number;
  secret?: string | null;
  pendingSecret?: string | null;
  enabledAt?: string | Date | null;
  lastTimeStep?: string | number | null;
  /** `spent`: the hashes of the codes already used, so that one typed again is told apart from a wrong one. */
  recoveryCodes?: { salt: string; hashes: string[]; spent?: string[] } | null;
  recoveryVersion?: number | null;
}

export type CodeUse = 'totp' | 'recovery';
/** Why a code opened nothing: wrong, or a recovery code of this account already used. */
export type CodeRefusal = 'wrong' | 'spent-recovery';

/** A login challenge as read from its token: whom it stands for, its own id, and when it expires (epoch ms). */
export interface Challenge {
  userId: number;
  challengeId: string;
  expiresAt: number;
}

/** Recovery codes are 10 letters and digits (50 bits), shown as « abcde-12345 »; spaces, dashes and case do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** High-entropy codes: a salted SHA-256 suffices (a slow hash protects guessable passwords, not these). */
const hashRecovery = (salt: string, code: string) => createHash('sha256').update(`${salt}:${normalizeRecovery(code)}`).digest('hex');

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(UID as any);
  const spentChallenges = () => strapi.db.query(SPENT_UID as any);
  const jwtSecret = () => String(strapi.config.get('plugin::users-permissions.jwtSecret'));
  /** The secrets are encrypted at rest with a key derived from the backend's own secret. */
  const cipherKey = () => createHash('sha256').update(`two-factor-secret:${String(strapi.config.get('admin.secrets.encryptionKey', '') || jwtSecret())}`).digest();
  /** Challenges are signed with their own key: a session token never passes for one, nor one for a session token. */
  const challengeKey = () => createHmac('sha256', jwtSecret()).update('two-factor-challenge').digest();

  const encrypt = (text: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', cipherKey(), iv);
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  };
  /** The stored secret in clear; an empty one (matching no code) when it cannot be read: the key changed, and an administrator's reset is the way out. */
  const decrypt = (stored: string) => {
    try {
      const [, iv, tag, data] = stored.split(':');
      const decipher = createDecipheriv('aes-256-gcm', cipherKey(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      strapi.log.error('two-factor: a stored secret cannot be decrypted (ENCRYPTION_KEY changed?); an administrator can reset the account’s two-factor');
      return '';
    }
  };

  const rowOf = (userId: number): Promise<Row | null> => rows().findOne({ where: { userId } });
  const epoch = () => Math.floor(now() / 1000);
  /** The time step a TOTP code belongs to, or null when it matches none within one step of now. */
  const stepOf = (secret: string, code: string): number | null => {
    if (!secret || !/^\d{6}$/.test(code)) return null;
    const at = epoch();
    const result = verifySync({ strategy: 'totp', secret, token: code, epoch: at, period: STEP_SECONDS, epochTolerance: STEP_SECONDS });
    if (!result.valid) return null;
    return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : Math.floor(at / STEP_SECONDS) + (result.delta ?? 0);
  };

  const service = {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await rowOf(userId);
      const enabled = !!row?.secret && !!row.enabledAt;
      return {
        enabled,
        enabledAt: enabled ? new Date(row!.enabledAt!).toISOString() : null,
        recoveryCodesLeft: enabled ? (row!.recoveryCodes?.hashes.length ?? 0) : 0,
      };
    },

    /** A challenge has its own id (`jti`): once it has served, `spend` records it and it serves no more. */
    challenge(userId: number, purpose: ChallengePurpose): string {
      return jwt.sign({ sub: String(userId), purpose }, challengeKey(), { algorithm: 'HS256', expiresIn: CHALLENGE_TTL[purpose], jwtid: randomUUID() });
    },

    /** The challenge of a token, if it is valid, of that purpose and not spent yet. */
    async readChallenge(token: unknown, purpose: ChallengePurpose): Promise<Challenge | null> {
      if (typeof token !== 'string' || !token) return null;
      let payload: { sub?: string; purpose?: string; jti?: string; exp?: number };
      try {
        payload = jwt.verify(token, challengeKey(), { algorithms: ['HS256'] }) as typeof payload;
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      if (payload.purpose !== purpose || !Number.isInteger(userId) || userId <= 0 || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      if (await spentChallenges().findOne({ where: { challengeId: payload.jti }, select: ['id'] })) return null;
      return { userId, challengeId: payload.jti, expiresAt: payload.exp * 1000 };
    },

    /**
     * Records a challenge as used; false when it already was (one request wins, however many race:
     * the database's unique index decides). Spent challenges past their expiry are dropped.
     */
    async spend(challenge: Challenge): Promise<boolean> {
      await spentChallenges().deleteMany({ where: { expiresAt: { $lt: now() } } });
      const meta = strapi.db.metadata.get(SPENT_UID as any);
      const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
      const inserted = await strapi.db
        .getConnection(meta.tableName)
        .insert({ [column('challengeId')]: challenge.challengeId, [column('expiresAt')]: challenge.expiresAt })
        .onConflict(column('challengeId'))
        .ignore()
        .returning(['id']);
      return inserted.length > 0;
    },

    /** Gives a challenge back after its request failed (a mistyped code is typed again with it). */
    async unspend(challenge: Challenge): Promise<void> {
      await spentChallenges().deleteMany({ where: { challengeId: challenge.challengeId } });
    },

    /** A new secret for `user`, kept aside until a code confirms it (an enabled one keeps working meanwhile). */
    async setup(user: { id: number; email?: string; username?: string }) {
      const secret = generateSecret();
      const row = await rowOf(user.id);
      if (row) await rows().update({ where: { id: row.id }, data: { pendingSecret: encrypt(secret) } });
      else await rows().create({ data: { userId: user.id, pendingSecret: encrypt(secret), lastTimeStep: '0', recoveryVersion: 0 } });
      const { siteName } = await currentSettings(strapi);
      const otpauthUrl = generateURI({ issuer: siteName || 'Mamoudzou', label: user.email || user.username || String(user.id), secret });
      return { secret, otpauthUrl };
    },

    /** Confirms the secret being set up with a code from it; answers the recovery codes, shown once. Null when the code is wrong. */
    async enable(userId: number, code: string): Promise<string[] | null | 'no-setup'> {
      const row = await rowOf(userId);
      if (!row?.pendingSecret) return 'no-setup';
      const secret = decrypt(row.pendingSecret);
      const step = stepOf(secret, code.replace(/\s/g, ''));
      if (step === null) return null;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const salt = randomBytes(16).toString('hex');
      await rows().update({
        where: { id: row.id },
        data: {
          secret: row.pendingSecret,
          pendingSecret: null,
          enabledAt: new Date(now()),
          lastTimeStep: String(step),
          recoveryCodes: { salt, hashes: codes.map((c) => hashRecovery(salt, c)) },
          recoveryVersion: (row.recoveryVersion ?? 0) + 1,
        },
      });
      return codes;
    },

    /**
     * Checks a code of an enabled account: a TOTP code of a step not used before, or a recovery
     * code, which is then spent. Each is accepted by one request only, however many race.
     */
    async use(userId: number, rawCode: string): Promise<CodeUse | CodeRefusal> {
      const row = await rowOf(userId);
      if (!row?.secret || !row.enabledAt || typeof rawCode !== 'string') return 'wrong';
      const code = rawCode.replace(/\s/g, '');
      if (/^\d{6}$/.test(code)) {
        const step = stepOf(decrypt(row.secret), code);
        if (step === null) return 'wrong';
        const updated = await rows().updateMany({ where: { id: row.id, lastTimeStep: { $lt: step } }, data: { lastTimeStep: String(step) } });
        return updated.count > 0 ? 'totp' : 'wrong';
      }
      const stored = row.recoveryCodes;
      if (!stored?.salt || normalizeRecovery(code).length !== 10) return 'wrong';
      const hash = Buffer.from(hashRecovery(stored.salt, code), 'hex');
      const matches = (h: string) => timingSafeEqual(Buffer.from(h, 'hex'), hash);
      const spent = stored.spent ?? [];
      const index = (stored.hashes ?? []).findIndex(matches);
      if (index < 0) return spent.some(matches) ? 'spent-recovery' : 'wrong';
      const version = row.recoveryVersion ?? 0;
      const updated = await rows().updateMany({
        where: { id: row.id, recoveryVersion: version },
        data: {
          recoveryCodes: { salt: stored.salt, hashes: stored.hashes.filter((_, i) => i !== index), spent: [...spent, stored.hashes[index]] },
          recoveryVersion: version + 1,
        },
      });
      // Another request spent it between the read and the write.
      return updated.count > 0 ? 'recovery' : 'spent-recovery';
    },

    /** Removes the account's two-factor (its owner turning it off, or an administrator's reset). */
    async remove(userId: number): Promise<boolean> {
      const removed = await rows().deleteMany({ where: { userId } });
      return removed.count > 0;
    },
  };
  return service satisfies TwoFactorService;
};
