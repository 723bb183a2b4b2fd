import { execFileSync, spawn } from 'node:child_process';

/** A throwaway redis-server (Debian's package redis-server) on loopback, without persistence. */
export async function startTemporaryRedis(port: number) {
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if (execFileSync('redis-cli', ['-p', String(port), 'ping']).toString().trim() === 'PONG') break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('redis-server did not start (apt-get install redis-server)');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}
