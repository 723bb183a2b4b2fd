// A loopback port nothing listens on, as the system picks it.
import { createServer } from 'node:net';

/**
 * A free port on 127.0.0.1 (none handed out twice by this process): one the system picks, or with
 * PORT_RANGE=5400-5499 one of that range (a machine shared with other servers gives each user their own ports).
 */
const handedOut = new Set();
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.PORT_RANGE ?? '');
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    const start = low + Math.floor(Math.random() * (high - low + 1));
    for (let i = 0; i <= high - low; i++) {
      const port = low + ((start - low + i) % (high - low + 1));
      if (handedOut.has(port) || !(await portFree(port))) continue;
      handedOut.add(port);
      return port;
    }
    throw new Error(`Aucun port libre dans PORT_RANGE ${process.env.PORT_RANGE}`);
  }
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Whether `port` on 127.0.0.1 can be listened on. */
export function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
