import { describe, expect, it, vi } from 'vitest';
import { withLoginRules } from '../../../backend/src/auth/login';

/**
 * A login for an unknown account must take as long as one for a known account with a wrong password: both make one
 * comparison by the plugin's validatePassword against a hash of the plugin's own cost. The plugin's callback is
 * played by a stand-in that does what users-permissions does: no comparison at all for an unknown identifier.
 */
const KNOWN = { id: 7, username: 'agent', email: 'agent@mairie.test', password: '$2a$10$known-hash' };

function fakeStrapi() {
  const validatePassword = vi.fn(async (_password: string, _hash: string) => false);
  const ensureHashedPasswords = vi.fn(async (_values: { password: string }) => ({ password: '$2a$10$dummy-hash' }));
  const findOne = vi.fn(async ({ where }: any) => (JSON.stringify(where).includes(KNOWN.email) ? KNOWN : null));
  const strapi: any = {
    db: { query: () => ({ findOne, create: async () => ({}), update: async () => ({}) }), inTransaction: () => false },
    plugin: () => ({ service: () => ({ validatePassword, ensureHashedPasswords }) }),
    service: (uid: string) =>
      uid === 'api::setting.setting'
        ? { current: async () => ({ maxLoginAttempts: 5 }) }
        : { begin: async () => ({ number: 1, lockedUntil: 0 }), lock: async () => 0, clear: async () => undefined },
    requestContext: { get: () => undefined },
    log: { error: () => undefined },
  };
  // What the plugin's callback does for a local login.
  const pluginCallback = async (ctx: any) => {
    const user = await findOne({ where: { email: ctx.request.body.identifier } });
    if (!user) throw new Error('Invalid identifier or password');
    if (!(await validatePassword(ctx.request.body.password, user.password))) throw new Error('Invalid identifier or password');
  };
  return { strapi, validatePassword, ensureHashedPasswords, login: withLoginRules(strapi, pluginCallback) };
}

const ctxFor = (identifier: string) => ({ params: {}, request: { body: { identifier, password: 'mauvais' }, ip: '10.0.0.1' }, set: () => undefined });

describe('login timing', () => {
  it('an unknown account and a known one with a wrong password make the same single password comparison', async () => {
    const known = fakeStrapi();
    await expect(known.login(ctxFor(KNOWN.email))).rejects.toThrow('Invalid identifier or password');
    expect(known.validatePassword.mock.calls).toEqual([['mauvais', KNOWN.password]]);

    const unknown = fakeStrapi();
    await expect(unknown.login(ctxFor('personne@mairie.test'))).rejects.toThrow('Invalid identifier or password');
    expect(unknown.validatePassword.mock.calls).toEqual([['mauvais', expect.stringMatching(/^\$2a\$10\$/)]]);
    // The stand-in hash is made by the plugin itself, so at its cost.
    expect(unknown.ensureHashedPasswords).toHaveBeenCalledTimes(1);
  });
});
