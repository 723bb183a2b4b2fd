// The production topology on one machine: PostgreSQL and Redis on loopback, several backend instances on them,
// HAProxy in front serving the back-office's files and the API on one address. `npm run cluster` starts it in
// .cluster/; the cluster tests start it in a folder of their own.
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaproxy } from '../servers/haproxy.mjs';
import { freePort } from '../servers/ports.mjs';
import { startPostgres } from '../servers/postgres.mjs';
import { startRedis } from '../servers/redis.mjs';
import { backendInstance } from './instances.mjs';
import { ensureEnvFile } from '../../backend/scripts/secrets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every file under `dir`, relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/**
 * Starts the cluster in `dir` and answers its parts. `distDir` is the back-office built for the same origin
 * (VITE_API_URL=/); `port` the balancer's (0: a free one); `env` more environment for every instance (mail server,
 * settings of a test). A base without tables is a first installation: the first instance starts alone with
 * DATABASE_CREATE=true (and invites FIRST_ADMIN_EMAIL, when given), the others once it has made the schema;
 * `firstStartTimeoutMs` gives that first start longer (the bench's, which fills the base).
 */
export async function startCluster({ dir, distDir, port = 0, instances: count = 3, env = {}, backendDir = path.join(root, 'backend'), log = () => {}, firstStartTimeoutMs }) {
  for (const sub of ['logs', 'public/uploads', 'backups', 'balancer', 'redis']) mkdirSync(path.join(dir, sub), { recursive: true });
  // PostgreSQL runs as its own account (as root): it must be able to reach its folder inside this one.
  chmodSync(dir, 0o755);
  const parts = { instances: [] };
  const stop = async () => {
    await parts.balancer?.stop().catch(() => undefined);
    await Promise.all(parts.instances.map((i) => i.stop().catch(() => undefined)));
    await parts.redis?.stop().catch(() => undefined);
    await parts.postgres?.stop().catch(() => undefined);
  };
  try {
    log('PostgreSQL…');
    parts.postgres = await startPostgres({ dir: path.join(dir, 'postgres'), port: await freePort() });
    log('Redis…');
    parts.redis = await startRedis({ port: await freePort(), dir: path.join(dir, 'redis') });
    const balancerPort = port || (await freePort());
    const url = `http://127.0.0.1:${balancerPort}`;
    const shared = {
      // The secrets every instance shares, made once into the cluster's folder, given by the environment.
      ...ensureEnvFile(path.join(dir, 'secrets.env'), { header: '# npm run cluster : secrets partagés par les instances. Ne jamais publier.' }).values,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      DATABASE_CLIENT: 'postgres',
      DATABASE_URL: parts.postgres.url,
      REDIS_URL: parts.redis.url,
      // Behind the balancer: the client's address is the one X-Forwarded-For names.
      IS_PROXIED: 'true',
      PROXY_MAX_IPS: '1',
      // One folder of files and one of backups for every instance (a shared volume on the town's servers).
      PUBLIC_DIR: path.join(dir, 'public'),
      BACKUP_DIR: path.join(dir, 'backups'),
      PG_DUMP_PATH: parts.postgres.pgDump,
      APP_URL: url,
      CORS_ORIGINS: url,
      ...env,
    };
    const firstInstallation = parts.postgres.psql("SELECT to_regclass('public.strapi_core_store_settings') IS NULL") === 't';
    for (let i = 1; i <= count; i++) {
      const name = `b${i}`;
      parts.instances.push(backendInstance({ name, port: await freePort(), backendDir, env: shared, logFile: path.join(dir, 'logs', `${name}.log`) }));
    }
    const [first, ...others] = parts.instances;
    if (firstInstallation) {
      log(`Première installation : ${first.name} crée la base…`);
      await first.start({ extraEnv: { DATABASE_CREATE: 'true' }, ...(firstStartTimeoutMs ? { timeoutMs: firstStartTimeoutMs } : {}) });
      log(`Instances ${others.map((i) => i.name).join(', ')}…`);
      await Promise.all(others.map((i) => i.start()));
    } else {
      log(`Instances ${parts.instances.map((i) => i.name).join(', ')}…`);
      await Promise.all(parts.instances.map((i) => i.start()));
    }
    await Promise.all(parts.instances.map((i) => i.ready()));

    log('HAProxy…');
    const staticList = path.join(dir, 'balancer', 'static-files.txt');
    writeFileSync(staticList, `${filesUnder(distDir).join('\n')}\n`);
    parts.balancer = await startHaproxy({
      dir: path.join(dir, 'balancer'),
      bind: `127.0.0.1:${balancerPort}`,
      instances: parts.instances.map(({ name, port: p }) => ({ name, port: p })),
      luaFile: path.join(root, 'scripts', 'cluster', 'static.lua'),
      staticRoot: distDir,
      staticList,
      logFile: path.join(dir, 'logs', 'haproxy.log'),
    });
    await balancerSeesUp(parts.balancer, parts.instances.map((i) => i.name));

    const cluster = {
      url,
      dir,
      firstInstallation,
      postgres: parts.postgres,
      redis: parts.redis,
      balancer: parts.balancer,
      instances: parts.instances,
      /** Waits until the balancer sends requests to each of `names` (all by default). */
      balancerSeesUp: (names = parts.instances.map((i) => i.name)) => balancerSeesUp(parts.balancer, names),
      /**
       * Restarts the instances one after the other, as a release does: each is taken out of the balancer (no new
       * request nor socket goes to it; those under way end), stopped, started, and put back once ready. `between`
       * runs after each instance is back.
       */
      async rollingRestart({ between = async () => {} } = {}) {
        for (const instance of parts.instances) {
          await parts.balancer.setState(instance.name, 'maint');
          await sleep(1_000);
          await instance.stop();
          await instance.start();
          await instance.ready();
          await parts.balancer.setState(instance.name, 'ready');
          await balancerSeesUp(parts.balancer, [instance.name]);
          await between(instance);
        }
      },
      stop,
    };
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits until HAProxy's checks say each of `names` is UP in the API backend. */
async function balancerSeesUp(balancer, names, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await balancer.states();
    const up = new Set(states.filter((s) => s.pxname === 'api' && s.status === 'UP').map((s) => s.svname));
    if (names.every((name) => up.has(name))) return;
    if (Date.now() > deadline) throw new Error(`HAProxy ne voit pas ${names.filter((n) => !up.has(n)).join(', ')} prête(s) après ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}
