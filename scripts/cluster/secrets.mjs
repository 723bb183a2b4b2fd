// The secrets every instance of the cluster shares (a token signed by one is checked by the others), generated
// once into the cluster's folder and given to the instances by their environment, as a town's servers would.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const secret = () => randomBytes(24).toString('base64');
const MADE = {
  APP_KEYS: () => [secret(), secret(), secret(), secret()].join(','),
  API_TOKEN_SALT: secret,
  ADMIN_JWT_SECRET: secret,
  TRANSFER_TOKEN_SALT: secret,
  JWT_SECRET: secret,
  ENCRYPTION_KEY: secret,
};

/** The secrets kept in `file` (KEY=value lines, readable by this account only), made there if missing. */
export function clusterSecrets(file) {
  const kept = existsSync(file)
    ? Object.fromEntries(
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
          .filter(Boolean)
          .map((m) => [m[1], m[2]]),
      )
    : {};
  const missing = Object.keys(MADE).filter((key) => !kept[key]);
  if (missing.length) {
    for (const key of missing) kept[key] = MADE[key]();
    writeFileSync(file, `# npm run cluster : secrets partagés par les instances. Ne jamais publier.\n${Object.entries(kept).map(([k, v]) => `${k}=${v}`).join('\n')}\n`, { mode: 0o600 });
  }
  return kept;
}
