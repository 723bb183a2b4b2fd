import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { startBackend } from '../support/backend-server';
import { linkIn, sleep, startTestSmtp } from '../support/smtp';

/**
 * A first installation in production has no account, and none is ever written in the server's configuration:
 * FIRST_ADMIN_EMAIL names the person who gets an Administrator account and the invitation to choose its password.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-first-admin-'));
const APP_URL = 'https://back-office.mairie.test';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the first administrator of a production installation', () => {
  it('is invited by mail while the base has no account, chooses a password and logs in as Administrator; never again after', { timeout: 400_000 }, async () => {
    const smtp = await startTestSmtp();
    const file = path.join(dir, 'data.db');
    const env = { ...smtp.env, APP_URL, NODE_ENV: 'production', SEED_DEMO: 'false', FIRST_ADMIN_EMAIL: ' Responsable.Informatique@Mairie.test ' };
    let backend = await startBackend({ build: false, sqliteFile: file, env: { ...env, DATABASE_CREATE: 'true' } });
    try {
      const mail = await smtp.waitFor('responsable.informatique@mairie.test', () => true, 30_000);
      expect(mail.subject).toBe('Invitation au back-office de la mairie de Mamoudzou');
      const code = new URL(linkIn(mail, `${APP_URL}/activer-mon-compte?code=`)).searchParams.get('code')!;
      const password = 'Premier-Admin-2026!';
      const set = await call('POST', '/api/auth/reset-password', { baseUrl: backend.url, body: { code, password, passwordConfirmation: password } });
      expect(set.status).toBe(200);
      const login = await call('POST', '/api/auth/local', { baseUrl: backend.url, body: { identifier: 'responsable.informatique@mairie.test', password } });
      expect(login.status).toBe(200);
      const me = await call('GET', '/api/users/me?populate=role', { baseUrl: backend.url, token: login.body.jwt });
      expect(me.body).toMatchObject({ email: 'responsable.informatique@mairie.test', invitationPending: false, role: { name: 'Administrator' } });

      // Started again, even naming someone else: the base has an account, nobody is invited.
      await backend.stop();
      backend = await startBackend({ build: false, sqliteFile: file, env: { ...env, FIRST_ADMIN_EMAIL: 'quelqu-un@mairie.test' } });
      await sleep(2000);
      expect(smtp.mails.map((m) => m.to)).toEqual(['responsable.informatique@mairie.test']);
    } finally {
      await backend.stop();
      await smtp.stop();
    }
  });

  it('refuses to start on an address that is not one, saying so in one line', { timeout: 120_000 }, async () => {
    await expect(
      startBackend({ build: false, sqliteFile: path.join(dir, 'other.db'), env: { NODE_ENV: 'production', DATABASE_CREATE: 'true', FIRST_ADMIN_EMAIL: 'pas-une-adresse' } }),
    ).rejects.toThrow(/\[démarrage refusé\] FIRST_ADMIN_EMAIL n'est pas une adresse e-mail valide : « pas-une-adresse »\./);
  });
});
