import { describe, expect, it } from 'vitest';
import { call, callFrom, newAccount, tokenOf } from '../support/api';

/** The settings' maxLoginAttempts (default 5). */
async function maxAttempts() {
  return (await call('GET', '/api/setting', { token: await tokenOf('admin') })).body.data.maxLoginAttempts as number;
}

describe('a refused account is told why in French', () => {
  it.each([
    ['suspendu', { status: 'suspendu' }, 'Votre compte est suspendu : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.'],
    ['inactif', { status: 'inactif' }, 'Votre compte est désactivé : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.'],
    ['bloqué', { blocked: true }, 'Votre compte est bloqué par un administrateur : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.'],
  ])('%s', async (_label, change, message) => {
    const account = await newAccount('Operator');
    const admin = await tokenOf('admin');
    expect((await call('PUT', `/api/users/${account.id}`, { token: admin, body: change })).status).toBe(200);
    const res = await call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.jwt).toBeUndefined();
    // A wrong password still says nothing of the account's state.
    const wrong = await call('POST', '/api/auth/local', { body: { identifier: account.email, password: 'pas-le-bon' } });
    expect(wrong.body.error.message).toBe('Invalid identifier or password');
  });
});

describe('an account has a cap over all addresses', () => {
  it('four times maxLoginAttempts failures from rotating addresses lock the account everywhere, even a new address with the right password', async () => {
    const max = await maxAttempts();
    const account = await newAccount('Author');
    // Each address stays under its own limit (max - 1 failures), four addresses' worth in all.
    const failuresPerAddress = max - 1;
    const addresses = Math.ceil((4 * max) / failuresPerAddress);
    let failures = 0;
    let lastFailure: { status: number; body: any } | undefined;
    for (let a = 0; a < addresses && failures < 4 * max; a++) {
      for (let i = 0; i < failuresPerAddress && failures < 4 * max; i++) {
        lastFailure = await callFrom(`127.0.1.${a + 1}`, 'POST', '/api/auth/local', { body: { identifier: account.email, password: `faux-${a}-${i}` } });
        failures++;
        if (failures < 4 * max) expect(lastFailure.status, `failure ${failures}`).toBe(400);
      }
    }
    expect(lastFailure!.status).toBe(429);
    expect(lastFailure!.body.error.message).toMatch(
      /^Trop de tentatives de connexion échouées : ce compte est verrouillé depuis toutes les adresses \(échecs venus de plusieurs adresses\) pendant 15 minutes \(jusqu'à \d\d:\d\d\)\.$/,
    );
    const fresh = await callFrom('127.0.2.1', 'POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } });
    expect(fresh.status).toBe(429);
    expect(fresh.body.jwt).toBeUndefined();
    // Another account is not touched.
    const other = await newAccount('Author');
    expect((await callFrom('127.0.2.1', 'POST', '/api/auth/local', { body: { identifier: other.email, password: other.password } })).status).toBe(200);
  });
});
