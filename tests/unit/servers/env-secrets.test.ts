import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureEnvFile, SECRET_MAKERS } from '../../../backend/scripts/secrets.mjs';

const fileIn = () => path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), '.env');

describe('the backend secrets made where they are missing (backend/.env, the cluster’s shared file)', () => {
  it('a first start writes every secret, readable by its owner only; a second start changes nothing', () => {
    const file = fileIn();
    const first = ensureEnvFile(file, { header: '# Ne jamais publier.' });
    expect(first.written).toEqual(Object.keys(SECRET_MAKERS));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Ne jamais publier.\n')).toBe(true);
    expect(first.values.APP_KEYS.split(',')).toHaveLength(4);
    const second = ensureEnvFile(file, { header: '# Ne jamais publier.' });
    expect(second.written).toEqual([]);
    expect(second.values).toEqual(first.values);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('keeps the lines a person wrote and adds only what is missing, nor what the environment already gives', () => {
    const file = fileIn();
    writeFileSync(file, '# Ma configuration\nDATABASE_CLIENT=postgres\nJWT_SECRET=le-mien');
    const { written, values } = ensureEnvFile(file, { header: '# x', given: { ENCRYPTION_KEY: 'de-l-environnement' } });
    expect(written).toEqual(['APP_KEYS', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT']);
    expect(values.JWT_SECRET).toBe('le-mien');
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Ma configuration\nDATABASE_CLIENT=postgres\nJWT_SECRET=le-mien\nAPP_KEYS=')).toBe(true);
    expect(text).not.toContain('ENCRYPTION_KEY');
  });
});
