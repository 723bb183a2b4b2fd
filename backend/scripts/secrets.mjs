// The backend's secrets, made where they are missing: backend/.env on a first start (prepare-env.mjs), the
// shared file of `npm run cluster`'s instances (a token signed by one is checked by the others). One maker for
// both, so a secret added to the backend is made everywhere it runs.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const secret = () => randomBytes(24).toString('base64');

/** Every secret Strapi needs, with how to make it. */
export const SECRET_MAKERS = {
  APP_KEYS: () => [secret(), secret(), secret(), secret()].join(','),
  API_TOKEN_SALT: secret,
  ADMIN_JWT_SECRET: secret,
  TRANSFER_TOKEN_SALT: secret,
  JWT_SECRET: secret,
  ENCRYPTION_KEY: secret,
};

/** The KEY=value lines of an env file (none when it does not exist). */
export function readEnvFile(file) {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^\s*([A-Z0-9_]+)\s*=(.*)$/.exec(line))
      .filter(Boolean)
      .map((m) => [m[1], m[2].trim()]),
  );
}

/**
 * Adds to `file` what `makers` would make and neither the file nor `given` (the environment) holds; the file's
 * other lines stay as they are and it stays readable by this account only. Returns the file's values and the
 * names written.
 */
export function ensureEnvFile(file, { header, makers = SECRET_MAKERS, given = {} }) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const kept = readEnvFile(file);
  const missing = Object.keys(makers).filter((key) => !kept[key] && !given[key]);
  if (missing.length > 0) {
    for (const key of missing) kept[key] = makers[key]();
    const start = current ? (current.endsWith('\n') ? current : `${current}\n`) : `${header}\n`;
    writeFileSync(file, `${start}${missing.map((key) => `${key}=${kept[key]}`).join('\n')}\n`, { mode: 0o600 });
  }
  return { values: kept, written: missing };
}
