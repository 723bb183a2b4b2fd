// HAProxy (Debian's package haproxy) in front of the backend instances: the one address people and the citizens'
// applications use. Its configuration is written here, whole, and explained in docs/production.md.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

/** The paths the backend answers; everything else is the back-office's files. */
const BACKEND_PATHS = ['/api/', '/open311/', '/uploads/'];
const BACKEND_EXACT = ['/_health', '/_ready', '/favicon.ico'];

/**
 * The balancer's own refusals, in French and in the API's error shape: what a client reads when no instance could
 * answer at all (none running, or one that stopped mid-answer).
 */
const OWN_ERRORS = {
  502: ['Bad Gateway', "Le serveur n'a pas pu répondre (réponse interrompue). Réessayez dans un instant ; prévenez l'administrateur si cela dure."],
  503: ['Service Unavailable', "Service momentanément indisponible : aucune instance du serveur ne répond. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure."],
  504: ['Gateway Timeout', "Le serveur a mis trop de temps à répondre. Réessayez dans un instant ; prévenez l'administrateur si cela dure."],
};

function errorFile(status) {
  const [reason, message] = OWN_ERRORS[status];
  const name = status === 503 ? 'ServiceUnavailableError' : status === 504 ? 'GatewayTimeoutError' : 'BadGatewayError';
  const body = JSON.stringify({ data: null, error: { status, name, message, details: { balancer: true } } });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'retry-after: 30',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The configuration: `instances` ({ name, port }) behind 127.0.0.1:`port` (or `bind`), the back-office's files
 * (STATIC_ROOT, STATIC_LIST, read by static.lua), the runtime socket at `socket`.
 */
export function haproxyConfig({ bind, instances, luaFile, socket, errorsDir }) {
  const servers = (backend, withCookie) =>
    instances
      .map(({ name, port }) => {
        const cookie = withCookie ? ` cookie ${name}` : '';
        // The realtime backend's servers follow the API's checks (one /_ready probe per instance, not two).
        const check = backend === 'api' ? ' check' : ` track api/${name}`;
        return `  server ${name} 127.0.0.1:${port}${check}${cookie}`;
      })
      .join('\n');
  // Used only while no instance is ready (the database is away): the live instances still answer, with the French
  // 503 and its cause, rather than the balancer's page. Not checked: a dead one is skipped by the retry.
  const fallbacks = (withCookie) =>
    instances.map(({ name, port }) => `  server ${name}-repli 127.0.0.1:${port} backup${withCookie ? ` cookie ${name}-repli` : ''}`).join('\n');
  const errorfiles = Object.keys(OWN_ERRORS)
    .map((status) => `  errorfile ${status} ${path.join(errorsDir, `${status}.http`)}`)
    .join('\n');

  return `# Written by scripts/servers/haproxy.mjs (npm run cluster); docs/production.md explains each line.
global
  log stdout format raw daemon
  stats socket ${socket} mode 600 level admin
  lua-load ${luaFile}
  # The back-office's largest files are sent from memory in one piece.
  tune.lua.maxmem 256

defaults
  mode http
  log global
  option httplog
  option dontlognull
  timeout connect 3s
  timeout http-request 15s
  timeout client 130s
  timeout server 130s
  timeout queue 30s
  timeout http-keep-alive 10s
  # A websocket stays open while the page is.
  timeout tunnel 1h
  # A request the instance never received (connection refused: it stopped) goes to another one; one it may have
  # received is never sent twice (a write could be done twice): the client is told, and retries with its key.
  retries 3
  option redispatch 1
  retry-on conn-failure
${errorfiles}

frontend public
  bind ${bind}
  # The instances read the client's address from X-Forwarded-For (IS_PROXIED=true): the login lockout and the
  # per-address limits count people, not the balancer.
  option forwardfor
  http-request del-header x-forwarded-proto
  acl realtime path_beg /socket.io/
  acl backend path_beg ${BACKEND_PATHS.join(' ')}
  acl backend path ${BACKEND_EXACT.join(' ')}
  http-request use-service lua.static if !realtime !backend
  compression algo gzip
  compression type text/html text/css text/javascript application/javascript application/manifest+json image/svg+xml
  use_backend realtime if realtime
  default_backend api

backend api
  balance roundrobin
  # An instance takes requests while it can read and write the database.
  option httpchk GET /_ready
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
${servers('api', false)}
  option allbackups
${fallbacks(false)}

backend realtime
  # socket.io's polling transport sends each request of one connection to the instance that holds it: the cookie
  # names that instance; the websocket that follows opens there too, and stays.
  balance leastconn
  cookie HAPROXY_IO insert indirect nocache httponly
${servers('realtime', true)}
  option allbackups
${fallbacks(true)}
`;
}

/** Writes the configuration and the error pages into `dir`, checks it with haproxy -c, and starts HAProxy. */
export async function startHaproxy({ dir, bind, instances, luaFile, staticRoot, staticList, logFile }) {
  mkdirSync(dir, { recursive: true });
  const errorsDir = path.join(dir, 'erreurs');
  mkdirSync(errorsDir, { recursive: true });
  for (const status of Object.keys(OWN_ERRORS)) writeFileSync(path.join(errorsDir, `${status}.http`), errorFile(Number(status)));
  const socket = path.join(dir, 'haproxy.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ bind, instances, luaFile, socket, errorsDir }));
  const env = { ...process.env, STATIC_ROOT: staticRoot, STATIC_LIST: staticList };
  try {
    execFileSync('haproxy', ['-c', '-q', '-f', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`Configuration HAProxy refusée (${configFile}) :\n${error.stderr?.toString() ?? error.message}`);
  }
  const out = logFile ? (await import('node:fs')).openSync(logFile, 'a') : 'ignore';
  // -db: in the foreground, stopped with its parent; -W: a master that passes signals on.
  const child = spawn('haproxy', ['-W', '-db', '-f', configFile], { env, stdio: ['ignore', out, out] });
  const runtime = (command) =>
    new Promise((resolve, reject) => {
      const client = connect(socket);
      let answer = '';
      client.on('data', (chunk) => (answer += chunk));
      client.on('end', () => resolve(answer.trim()));
      client.on('error', reject);
      client.end(`${command}\n`);
    });
  // Listening once the runtime socket answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy s'est arrêté au démarrage (code ${child.exitCode}) : voir ${logFile ?? configFile}`);
    try {
      await runtime('show info');
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('HAProxy ne répond pas sur son socket après 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** Each server's state, by backend and name (UP, DOWN, MAINT, DRAIN, no check...). */
  const states = async () => {
    const csv = await runtime('show stat');
    const [header, ...rows] = csv.replace(/^# /, '').split('\n');
    const columns = header.split(',');
    return rows
      .filter(Boolean)
      .map((row) => Object.fromEntries(row.split(',').map((value, i) => [columns[i], value])))
      .filter((row) => row.svname !== 'FRONTEND' && row.svname !== 'BACKEND');
  };
  return {
    configFile,
    runtime,
    states,
    /** Takes an instance out (no new request nor socket goes to it), or puts it back. */
    setState: async (name, state) => {
      const answer = await runtime(`set server api/${name} state ${state}`);
      if (answer) throw new Error(`HAProxy: ${answer}`);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
