// Debian's redis-server (package redis-server) on loopback, without persistence: what the backends keep there
// (shared counts, the instances' messages) is worth nothing after a restart.
import { execFileSync, spawn } from 'node:child_process';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether redis-cli answers PONG on `port`. */
function answers(port) {
  try {
    return execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() === 'PONG';
  } catch {
    return false;
  }
}

/** A Redis server on 127.0.0.1:`port`; answers its URL, and what stops it and starts it again on the same port. */
export async function startRedis({ port, dir = undefined }) {
  let server;
  const launch = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(dir ? ['--dir', dir] : [])], { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    while (!answers(port)) {
      if (server.exitCode !== null) throw new Error(`redis-server ne démarre pas (code ${server.exitCode}, port ${port} occupé ?)`);
      if (Date.now() > deadline) throw new Error('redis-server ne répond pas après 15 s (apt-get install redis-server)');
      await sleep(100);
    }
  };
  await launch();
  const running = () => server.exitCode === null && server.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start: async () => {
      if (!running()) await launch();
    },
  };
}
