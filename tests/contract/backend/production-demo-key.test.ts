import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN311_CLIENT } from '../../../domain/open311';
import { startBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';
import { open311 } from '../open311/client';

/**
 * The demo Open311 client's key is published (README.md, « Démarrer ») as the demo passwords are: a backend in production
 * refuses to start while a client still holds it, as it refuses the demo passwords. The case that matters is a copy
 * of a demo database whose passwords were all changed.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const backendRequire = createRequire(path.join(backendDir, 'package.json'));
const Database = backendRequire('better-sqlite3');
const bcrypt = backendRequire('bcryptjs');

const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-production-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const production = { NODE_ENV: 'production', DATABASE_CREATE: '', SEED_DEMO: 'true' };

function write(file: string, sql: string, ...values: unknown[]) {
  const db = new Database(file);
  try {
    db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

describe('production start', () => {
  it('refuses the demo Open311 key in one French line, even with every demo password changed; revoked, the same database starts', { timeout: 400_000 }, async () => {
    const file = path.join(dir, 'demo-copy.db');
    const { from } = seededCopy();
    if (from) copyFileSync(from, file);
    else await (await startBackend({ build: false, sqliteFile: file })).stop();
    write(file, 'UPDATE up_users SET password = ?', bcrypt.hashSync('Un-autre-mot-de-passe-1', 10));

    const refused = await startBackend({ build: false, sqliteFile: file, env: production }).then(
      async (started) => {
        await started.stop();
        return '';
      },
      (error: Error) => error.message,
    );
    const lines = refused.split('\n').filter((line) => line.includes('démarrage refusé'));
    expect(lines).toEqual([
      `[démarrage refusé] le client Open311 « ${DEMO_OPEN311_CLIENT.name} » a la clé de démonstration publiée (mz311_demo-m…). ` +
        'Révoquez-le (Intégrations → Canal citoyen, hors production), puis redémarrez.',
    ]);

    write(file, 'UPDATE open311_clients SET revoked_at = ? WHERE key_start = ?', Date.now(), DEMO_OPEN311_CLIENT.key.slice(0, 12));
    const started = await startBackend({ build: false, sqliteFile: file, env: production });
    try {
      const filed = await open311('POST', 'requests.json', { api_key: DEMO_OPEN311_CLIENT.key, service_code: 'voirie', lat: '-12.7598', long: '45.2221', description: 'Essai' }, started.url);
      expect(filed.status).toBe(403);
      expect(filed.json[0].description).toBe("Clé d'API inconnue ou révoquée.");
    } finally {
      await started.stop();
    }
  });
});
