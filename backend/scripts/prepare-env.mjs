#!/usr/bin/env node
// Runs before every build: writes the secrets a fresh checkout lacks into backend/.env (git ignores it).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envFile = path.join(backendDir, '.env');

const secret = () => randomBytes(16).toString('base64');
const generated = {
  APP_KEYS: () => [secret(), secret(), secret(), secret()].join(','),
  API_TOKEN_SALT: secret,
  ADMIN_JWT_SECRET: secret,
  TRANSFER_TOKEN_SALT: secret,
  JWT_SECRET: secret,
  ENCRYPTION_KEY: secret,
  // No calls home: this machine and the town's servers need neither.
  STRAPI_TELEMETRY_DISABLED: () => 'true',
  STRAPI_DISABLE_UPDATE_NOTIFICATION: () => 'true',
};

const current = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
const present = new Set(
  current
    .split('\n')
    .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=/)?.[1])
    .filter(Boolean),
);
const missing = Object.entries(generated).filter(([key]) => !present.has(key) && !process.env[key]);
if (missing.length > 0) {
  const header = current ? '' : '# Generated on first start; never commit this file.\n';
  const lines = missing.map(([key, make]) => `${key}=${make()}`).join('\n');
  writeFileSync(envFile, `${current}${current && !current.endsWith('\n') ? '\n' : ''}${header}${lines}\n`, { mode: 0o600 });
  console.log(`backend/.env: wrote ${missing.map(([k]) => k).join(', ')}`);
}
