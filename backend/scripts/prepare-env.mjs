#!/usr/bin/env node
// Runs before every build: writes the secrets a fresh checkout lacks into backend/.env (git ignores it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEnvFile, SECRET_MAKERS } from './secrets.mjs';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { written } = ensureEnvFile(path.join(backendDir, '.env'), {
  header: '# Generated on first start; never commit this file.',
  makers: {
    ...SECRET_MAKERS,
    // No calls home: this machine and the town's servers need neither.
    STRAPI_TELEMETRY_DISABLED: () => 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: () => 'true',
  },
  given: process.env,
});
if (written.length > 0) console.log(`backend/.env: wrote ${written.join(', ')}`);
