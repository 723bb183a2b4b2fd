import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Settings } from '@mamoudzou/domain/settings';
import { currentSettings, type SessionService, type TokenPayload } from '../../../utils/services';
import { now } from '../../../utils/clock';
import { instanceBus } from '../../../caching/instance-bus';

const SESSION = 'api::session.session';
const USER = 'plugin::users-permissions.user';
const PRIVATE_FIELDS = ['password', 'resetPasswordToken', 'confirmationToken'];

/** Activity is written at most this often per session (the idle timeout is counted in minutes). */
const TOUCH_EVERY_MS = 15_000;

/**
 * A session read from the database is trusted this long by this instance (each request used to read
 * it again). What ends a session here forgets it at once; an ending done by another instance on the
 * same database is seen within this delay.
 */
const READ_AGAIN_AFTER_MS = 2_000;

/** The longest a session lasts from its login, whatever its activity (SESSION_MAX_HOURS, default 12). */
export function maxSessionMs(): number {
  const hours = Number(process.env.SESSION_MAX_HOURS ?? 12);
  return (Number.isFinite(hours) && hours > 0 ? hours : 12) * 3600_000;
}

/** A token lifetime as users-permissions reads it ("1d", "12h", "30m", 3600 seconds; a bare numeric string is milliseconds). */
export function durationMs(value: unknown, fallbackMs: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value * 1000;
  const match = typeof value === 'string' ? value.trim().match(/^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/) : null;
  if (!match) return fallbackMs;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3600_000, d: 86_400_000 }[match[2] ?? 'ms']!;
  return Number(match[1]) * unit;
}

export interface SessionRow {
  id: number;
  sessionId: string;
  tokenId: string;
  userId: number;
  startedAt: string | Date;
  lastActivityAt: string | Date;
  expiresAt: string | Date;
}

export type SessionEnd = 'expired' | 'idle';

const time = (value: string | Date) => new Date(value).getTime();

/** Why a stored session no longer admits requests, or null while it is live. */
export function sessionEnd(row: SessionRow, settings: Pick<Settings, 'sessionTimeout'>, at: number = now()): SessionEnd | null {
  if (time(row.expiresAt) <= at) return 'expired';
  if (time(row.lastActivityAt) + settings.sessionTimeout * 60_000 <= at) return 'idle';
  return null;
}

const newId = () => randomBytes(18).toString('base64url');

export class SessionError extends Error {}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const jwt = () => strapi.plugin('users-permissions').service('jwt');
  const sessions = () => strapi.db.query(SESSION as any);

  const recent = new Map<string, { readAt: number; row: SessionRow }>();
  const forget = (sessionId: string) => recent.delete(sessionId);
  const forgetUser = (userId: number) => {
    for (const [sessionId, { row }] of recent) if (row.userId === userId) recent.delete(sessionId);
  };
  async function storedRow(sessionId: string): Promise<SessionRow | null> {
    const known = recent.get(sessionId);
    if (known && Date.now() - known.readAt < READ_AGAIN_AFTER_MS) return known.row;
    const row: SessionRow | null = await sessions().findOne({ where: { sessionId } });
    if (recent.size >= 10_000) recent.clear();
    if (row) recent.set(sessionId, { readAt: Date.now(), row });
    else forget(sessionId);
    return row;
  }

  /** Signs a token for `row`: the user, the session, this token's id; it expires with the session at the latest. */
  async function sign(row: Pick<SessionRow, 'userId' | 'sessionId' | 'tokenId' | 'expiresAt'>): Promise<string> {
    const issuedAt = now();
    const lifetime = durationMs(strapi.config.get('plugin::users-permissions.jwt.expiresIn'), 86_400_000);
    const expiresAt = Math.min(issuedAt + lifetime, time(row.expiresAt));
    const expiresIn = Math.max(1, Math.floor((expiresAt - issuedAt) / 1000));
    return jwt().issue({ id: row.userId, sid: row.sessionId, jti: row.tokenId, iat: Math.floor(issuedAt / 1000) }, { expiresIn });
  }

  // Sessions ended or given a new token by another instance are forgotten here as soon as it says so.
  const bus = instanceBus(strapi);
  bus.on('sessions', ({ sessionIds = [], userId }: { sessionIds?: string[]; userId?: number }) => {
    sessionIds.forEach(forget);
    if (typeof userId === 'number') forgetUser(userId);
  });

  /** Tells the real-time server which sockets ride on sessions that just ended, and the other instances which sessions to forget. */
  const announce = async (ended: { sessionIds?: string[]; userId?: number }) => {
    await bus.broadcast('sessions', ended);
    await strapi.eventHub.emit('sessions.ended', ended);
  };

  /**
   * The session of a verified token, when it is live: it exists, this is its current token, it is
   * within its maximum length and idle timeout. Counts the request as activity.
   */
  async function liveRow(payload: TokenPayload, { touch = true } = {}): Promise<SessionRow> {
    if (!payload?.id || typeof payload.sid !== 'string' || typeof payload.jti !== 'string') throw new SessionError('Jeton sans session');
    const at = now();
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= at) throw new SessionError('Jeton expiré');
    const row = await storedRow(payload.sid);
    if (!row || row.userId !== payload.id || row.tokenId !== payload.jti) throw new SessionError('Session terminée');
    const end = sessionEnd(row, await currentSettings(strapi), at);
    if (end) {
      forget(row.sessionId);
      await sessions().delete({ where: { id: row.id } });
      await announce({ sessionIds: [row.sessionId] });
      throw new SessionError(end === 'idle' ? 'Session expirée après inactivité' : 'Session expirée');
    }
    if (touch && at - time(row.lastActivityAt) >= TOUCH_EVERY_MS) {
      await sessions().update({ where: { id: row.id }, data: { lastActivityAt: new Date(at) } });
      const known = recent.get(row.sessionId);
      if (known) known.row = { ...known.row, lastActivityAt: new Date(at) };
    }
    return row;
  }

  /** The user and session of a verified token (see liveRow): what the plugin's jwt.verify answers. */
  async function check(payload: TokenPayload, options?: { touch?: boolean }): Promise<{ id: number; sessionId: string }> {
    const row = await liveRow(payload, options);
    return { id: row.userId, sessionId: row.sessionId };
  }

  /** The payload of a token whose signature and expiry hold (the session is not looked at). */
  async function payloadOf(token: string): Promise<TokenPayload> {
    try {
      return await jwt().verifySignature(token);
    } catch {
      throw new SessionError('Jeton invalide');
    }
  }

  return {
    check,

    /** A new session for a user who just proved who they are (login, registration, password change): its token. */
    async start(userId: number, ip?: string): Promise<string> {
      const at = now();
      await sessions().deleteMany({ where: { expiresAt: { $lt: new Date(at) } } });
      const row = {
        sessionId: newId(),
        tokenId: newId(),
        userId,
        startedAt: new Date(at),
        lastActivityAt: new Date(at),
        expiresAt: new Date(at + maxSessionMs()),
        ip: ip?.slice(0, 64) ?? null,
      };
      await sessions().create({ data: row });
      return sign(row);
    },

    /** The user and session of a bearer token, or a SessionError: signature, expiry, then the session. */
    async verify(token: string, options?: { touch?: boolean }) {
      const payload = await payloadOf(token);
      return { ...(await check(payload, options)), exp: payload.exp };
    },

    /**
     * A fresh token for a live session (the refresh): the old token stops working at once, and the
     * new one expires with the session at the latest; a second refresh with the old token loses.
     */
    async rotate(token: string): Promise<{ jwt: string; user: Record<string, unknown> } | null> {
      let row: SessionRow;
      let payload: TokenPayload;
      try {
        payload = await payloadOf(token);
        row = await liveRow(payload);
      } catch {
        return null;
      }
      const user = await strapi.db.query(USER).findOne({ where: { id: row.userId }, populate: ['role'] });
      if (!user || user.blocked) return null;
      const tokenId = newId();
      forget(row.sessionId);
      const { count } = await sessions().updateMany({ where: { sessionId: row.sessionId, tokenId: payload.jti }, data: { tokenId } });
      if (count !== 1) return null;
      await bus.broadcast('sessions', { sessionIds: [row.sessionId] });
      for (const field of PRIVATE_FIELDS) delete user[field];
      return { jwt: await sign({ ...row, tokenId }), user };
    },

    /** Ends one session (logout). */
    async end(sessionId: string) {
      forget(sessionId);
      await sessions().deleteMany({ where: { sessionId } });
      await announce({ sessionIds: [sessionId] });
    },

    /** Ends every session of a user (blocked, suspended, deleted, password changed). */
    async endAllOf(userId: number) {
      forgetUser(userId);
      await sessions().deleteMany({ where: { userId } });
      await announce({ userId });
    },

    /**
     * Whether the account of a token (its signature holds) was suspended or deactivated: the one
     * holding the token is told why the session ended, rather than only that it did.
     */
    async accountEnded(token: string) {
      let payload: TokenPayload;
      try {
        payload = await payloadOf(token);
      } catch {
        return null;
      }
      if (!payload?.id) return null;
      const user = await strapi.db.query(USER).findOne({ where: { id: payload.id }, select: ['id', 'blocked', 'status'] });
      if (!user) return null;
      if (user.blocked || user.status === 'suspendu') return 'suspended';
      return user.status === 'inactif' ? 'deactivated' : null;
    },

    /** The live sessions among `sessionIds` (the real-time server's periodic check), without counting activity. */
    async live(sessionIds: string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows: SessionRow[] = await sessions().findMany({ where: { sessionId: { $in: sessionIds } } });
      if (rows.length === 0) return new Set();
      const settings = await currentSettings(strapi);
      const at = now();
      const blocked = new Set(
        (await strapi.db.query(USER).findMany({ where: { id: { $in: [...new Set(rows.map((r) => r.userId))] }, blocked: true }, select: ['id'] })).map(
          (u: { id: number }) => u.id,
        ),
      );
      return new Set(rows.filter((row) => !sessionEnd(row, settings, at) && !blocked.has(row.userId)).map((row) => row.sessionId));
    },
  } satisfies SessionService;
};
