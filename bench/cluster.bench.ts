import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'vitest';
import { startCluster } from '../scripts/cluster/topology.mjs';
import { createStrapiDataProvider } from '../src/providers/dataProvider';
import { listFieldsOf } from '../src/generic/list/listFields';
import { endpointOptionsOf, resources } from '../src/resources';
import { signalements } from '../src/resources/signalements';
import { load } from './support/load';
import { mb, probes, probeToken, stall } from './support/probe';
import { machine, markdown, ms, type Line } from './support/table';

/**
 * `npm run bench:cluster`: the list call's throughput through HAProxy with 1, 2 and 3 backend instances on one
 * PostgreSQL and Redis (the topology of `npm run cluster`), what the load model of docs/production.md reads.
 * The instances run the production build in development mode so that the base can be filled by the bench's
 * generator (production refuses demo data); nothing else differs on the path measured.
 * BENCH_REPORTS (50,000), BENCH_SECONDS (10 per measure), BENCH_CONNECTIONS (comma separated: 10,30).
 * Everything (balancer, instances, PostgreSQL, Redis, the load client) runs on this one machine: with fewer cores
 * than instances, the figures say what the machine allows, not what separate servers would; the instances'
 * processor time per call (their main threads, from /_perf) is the figure that carries to other machines.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = Number(process.env.BENCH_REPORTS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,30').split(',').map(Number);
const ADMIN = { email: 'admin@mairie.test', password: 'Admin123!' };

/** The list's first page as the back-office asks for it (its own data provider records the URL). */
async function listPath(): Promise<string> {
  let recorded = '';
  const provider = createStrapiDataProvider({
    apiUrl: '',
    resources: endpointOptionsOf(resources),
    fetch: async (url) => {
      recorded ||= url;
      return new Response(JSON.stringify({ data: [], meta: { pagination: { total: 0 } } }), { status: 200 });
    },
  });
  await provider.getList(signalements.name, { pagination: { page: 1, perPage: 25 }, sort: signalements.list.sort!, filter: {}, meta: { fields: listFieldsOf(signalements) } });
  return recorded;
}

test('list throughput with 1, 2 and 3 instances behind the balancer', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-'));
  const distDir = path.join(dir, 'www');
  mkdirSync(distDir, { recursive: true });
  // The API alone is measured: the balancer serves one page of its own.
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>banc</title>');
  if (process.env.BACKEND_BUILT !== '1') execFileSync('npm', ['--prefix', 'backend', 'run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  const secret = probeToken();
  const started = new Date();
  const loadAtStart = loadavg().map((n) => n.toFixed(1)).join(' / ');
  const t0 = performance.now();
  const cluster = await startCluster({
    dir,
    distDir,
    env: { NODE_ENV: 'development', SEED_DEMO: 'true', SEED_BULK_REPORTS: String(REPORTS), PERF_PROBE_TOKEN: secret, STRAPI_LOG_LEVEL: 'warn' },
    firstStartTimeoutMs: 1_800_000,
    log: (line: string) => console.log(`bench: ${line}`),
  });
  const lines: Line[] = [];
  const section = `Débit à travers HAProxy (postgres, ${REPORTS.toLocaleString('fr-FR')} signalements)`;
  try {
    lines.push({ section, figure: 'Démarrage du déploiement (base remplie par le générateur, trois instances, répartiteur)', value: `${((performance.now() - t0) / 1000).toFixed(0)} s` });
    const res = await fetch(`${cluster.url}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const jwt = (await res.json()).jwt as string;
    const headers = { Authorization: `Bearer ${jwt}` };
    const url = `${cluster.url}${await listPath()}`;
    const names = cluster.instances.map((i: { name: string }) => i.name);
    for (let count = 1; count <= names.length; count++) {
      for (const [i, name] of names.entries()) await cluster.balancer.setState(name, i < count ? 'ready' : 'maint');
      await cluster.balancerSeesUp(names.slice(0, count));
      const probe = probes(cluster.instances.slice(0, count).map((i: { url: string }) => i.url), secret);
      for (const connections of CONNECTIONS) {
        const { result: r, backend } = await probe.during(() => load(url, headers, { connections, durationMs: SECONDS * 1000 }));
        lines.push({
          section,
          figure: `Signalements : page 1 (25), ${count} instance${count > 1 ? 's' : ''}, ${connections} clients`,
          value: `${r.rps.toFixed(0)} req/s · p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)}${r.errors ? ` · ${r.errors} erreurs` : ''} · arrêt max ${stall(backend)} · CPU des instances ${(backend.cpuMs / Math.max(1, r.answered)).toFixed(1)} ms/appel · mémoire max ${mb(backend.peakRssMb)}`,
        });
        console.log(`bench: ${lines.at(-1)!.figure}: ${lines.at(-1)!.value}`);
      }
    }
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const header = [
    `Mesuré le ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC par \`npm run bench:cluster\`.`,
    `Machine : ${machine('postgres')} ; ${cpus().length} cœurs pour le répartiteur, les instances, PostgreSQL, Redis et le client de charge ; charge (1, 5, 15 min) au début ${loadAtStart}, à la fin ${loadavg().map((n) => n.toFixed(1)).join(' / ')}.`,
  ];
  const table = markdown(lines, header);
  mkdirSync(path.join(root, 'bench', '.data'), { recursive: true });
  writeFileSync(path.join(root, 'bench', '.data', 'latest-cluster.md'), `${table}\n`);
  console.log(`\n${table}\n`);
});
