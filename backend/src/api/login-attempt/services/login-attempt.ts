import type { Core } from '@strapi/strapi';
import { now } from '../../../utils/clock';
import type { LoginAttempt, LoginAttemptService } from '../../../utils/services';

const UID = 'api::login-attempt.login-attempt';

/** How long an account stays locked for an address after too many failures (LOGIN_LOCK_MINUTES, default 15). */
export function lockMs(): number {
  const minutes = Number(process.env.LOGIN_LOCK_MINUTES ?? 15);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000;
}

/**
 * The login lockout's counters. Every attempt is counted before the password is checked, in one
 * upsert, so that parallel attempts cannot slip past the limit; a success clears the count.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const meta = () => strapi.db.metadata.get(UID as any);
  const column = (attribute: string) => (meta().attributes[attribute] as { columnName?: string }).columnName ?? attribute;

  return {
    /** Counts an attempt on `lockKey` and tells whether the pair is locked. */
    async begin(lockKey: string): Promise<LoginAttempt> {
      const at = now();
      const windowStart = at - lockMs();
      const table = meta().tableName;
      const knex = strapi.db.connection;
      const [attempts, started, locked] = [column('attempts'), column('windowStartedAt'), column('lockedUntil')];
      const existing = (name: string) => knex.raw('??.??', [table, name]);
      // A lock still running keeps the row; an expired lock or window starts a new count at 1.
      const restart = knex.raw('(?? > 0 OR ?? < ?)', [existing(locked), existing(started), windowStart]);
      const stillLocked = knex.raw('?? > ?', [existing(locked), at]);
      const [row] = await strapi.db
        .getConnection(table)
        .insert({ [column('lockKey')]: lockKey, [attempts]: 1, [started]: at, [locked]: 0 })
        .onConflict(column('lockKey'))
        .merge({
          [attempts]: knex.raw('CASE WHEN ? THEN ?? WHEN ? THEN 1 ELSE ?? + 1 END', [stillLocked, existing(attempts), restart, existing(attempts)]),
          [started]: knex.raw('CASE WHEN ? THEN ?? WHEN ? THEN ? ELSE ?? END', [stillLocked, existing(started), restart, at, existing(started)]),
          [locked]: knex.raw('CASE WHEN ? THEN ?? ELSE 0 END', [stillLocked, existing(locked)]),
        })
        .returning([attempts, locked]);
      return { number: Number(row[attempts]), lockedUntil: Number(row[locked]) };
    },

    /** Locks the pair from now on; answers the epoch milliseconds it is locked until. */
    async lock(lockKey: string): Promise<number> {
      const until = now() + lockMs();
      await strapi.db.query(UID as any).updateMany({ where: { lockKey }, data: { lockedUntil: String(until) } });
      return until;
    },

    /** A successful login: the count starts again. */
    async clear(lockKey: string) {
      await strapi.db.query(UID as any).deleteMany({ where: { lockKey } });
    },
  } satisfies LoginAttemptService;
};
