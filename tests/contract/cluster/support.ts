import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../../../scripts/cluster/topology.mjs';
import { call, callFrom, type CallOptions } from '../support/api';
import { testClock } from '../support/clock';
import { linkIn, startTestSmtp } from '../support/smtp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const ADMIN = { email: 'admin@cluster.test', password: 'Cluster-Admin-2026!' };
/** Limits lowered so that a test reaches them in a few requests (each test sends from an address of its own). */
export const LIMITS = {
  open311PublicReadsPerMinute: 9,
  forgotPasswordPer15Minutes: 5,
  authRequestsPerMinute: 60,
  acknowledgementsPerDomainPerHour: 3,
};

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
export type TestCluster = Awaited<ReturnType<typeof startTestCluster>>;

/** `npm run cluster`'s topology in a folder of the test's, in production mode, its first installation done. */
export async function startTestCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-cluster-'));
  const smtp = await startTestSmtp();
  const clock = testClock();
  if (process.env.BACKEND_BUILT !== '1') execFileSync('npm', ['--prefix', 'backend', 'run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  const distDir = path.join(dir, 'www');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', distDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: '/', VITE_SOCKET_URL: '/' },
  });
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await smtp.stop();
    clock.remove();
    // CLUSTER_KEEP=1 keeps its folder (logs, HAProxy's configuration) to read after a failure.
    if (process.env.CLUSTER_KEEP === '1') console.log(`cluster kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  try {
    cluster = await startCluster({
      dir,
      distDir,
      env: {
        ...smtp.env,
        FIRST_ADMIN_EMAIL: ADMIN.email,
        // The jobs' runs are logged at info level: the tests count them.
        STRAPI_LOG_LEVEL: 'info',
        CLOCK_OFFSET_FILE: clock.file,
        SLA_REMINDER_RULE: '* * * * * *',
        MAINTENANCE_RULE: '*/5 * * * * *',
        OPEN311_PUBLIC_READS_PER_MINUTE: String(LIMITS.open311PublicReadsPerMinute),
        FORGOT_PASSWORD_RATE_LIMIT_MAX: String(LIMITS.forgotPasswordPer15Minutes),
        AUTH_RATE_LIMIT_MAX: String(LIMITS.authRequestsPerMinute),
        CITIZEN_ACKNOWLEDGEMENTS_PER_DOMAIN_PER_HOUR: String(LIMITS.acknowledgementsPerDomainPerHour),
      },
    });
    const url = cluster.url;
    // The first installation: the administrator's invitation, its link, the password chosen.
    const invitation = await smtp.waitFor(ADMIN.email, () => true, 60_000);
    const code = new URL(linkIn(invitation, `${url}/activer-mon-compte?code=`)).searchParams.get('code')!;
    const set = await call('POST', '/api/auth/reset-password', { baseUrl: url, body: { code, password: ADMIN.password, passwordConfirmation: ADMIN.password } });
    if (set.status !== 200) throw new Error(`activation: ${set.status} ${JSON.stringify(set.body)}`);
    const running = cluster;
    const api = (method: string, p: string, options: CallOptions = {}) => call(method, p, { ...options, baseUrl: url });
    const apiFrom = (address: string, method: string, p: string, options: CallOptions = {}) => callFrom(address, method, p, { ...options, baseUrl: url });
    const logIn = async (identifier: string, password: string) => {
      const res = await api('POST', '/api/auth/local', { body: { identifier, password } });
      if (res.status !== 200) throw new Error(`login ${identifier}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.jwt as string;
    };
    let adminToken = await logIn(ADMIN.email, ADMIN.password);
    return {
      cluster: running,
      url,
      smtp,
      clock,
      api,
      apiFrom,
      logIn,
      /** The administrator's token (logged in again when `fresh`). */
      admin: async (fresh = false) => (fresh ? (adminToken = await logIn(ADMIN.email, ADMIN.password)) : adminToken),
      /** A staff account of `role` made by the administrator; answers its e-mail, password and id. */
      async newAccount(role = 'Operator') {
        const roles = await api('GET', '/api/users-permissions/roles', { token: adminToken });
        const roleId = roles.body.roles.find((r: { name: string }) => r.name === role).id;
        const name = `agent-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
        const created = await api('POST', '/api/users', { token: adminToken, body: { username: name, email: `${name}@cluster.test`, password: 'Agent-Cluster-2026!', role: roleId, confirmed: true } });
        if (created.status !== 201) throw new Error(`account: ${created.status} ${JSON.stringify(created.body)}`);
        return { id: created.body.id as number, email: `${name}@cluster.test`, password: 'Agent-Cluster-2026!' };
      },
      /** A citizens' application's key, made by the administrator. */
      async newOpen311Client(name = `Application ${Date.now().toString(36)}`) {
        const created = await api('POST', '/api/open311-clients', { token: adminToken, body: { data: { name } } });
        if (created.status !== 201) throw new Error(`open311 client: ${created.status} ${JSON.stringify(created.body)}`);
        return created.body.data.apiKey as string;
      },
      /** One value of SQL, read in the cluster's base. */
      sql: (statement: string) => running.postgres.psql(statement) as string,
      /** What each instance wrote to its log so far. */
      logs: () => running.instances.map((i: { logFile: string }) => readFileSync(i.logFile, 'utf8')),
      /** Requests each server took through the balancer so far, by name (HAProxy's counters). */
      async served() {
        const states = await running.balancer.states();
        return Object.fromEntries(states.filter((s: Record<string, string>) => s.pxname === 'api').map((s: Record<string, string>) => [s.svname, Number(s.stot)]));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads `read` until `done` holds or `timeoutMs` passes; answers the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(everyMs);
    value = await read();
  }
  return value;
}

/** A report as the staff's form sends it, its title marked. */
export const reportBody = (title: string) => ({
  data: { title, type: 'Voirie', subType: 'Nid-de-poule', description: 'Nid-de-poule devant la pharmacie.', zone: 'Kawéni', address: 'Rue du Commerce', priority: 'normale' },
});
