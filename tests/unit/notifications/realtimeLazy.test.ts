import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../support/fakeSocket';

// socket.io's client as the app loads it (a dynamic import after the first screen): a fake one here.
const sockets = fakeSockets();
vi.mock('socket.io-client', () => ({ io: (url: string, options: object) => sockets.factory(url, options) }));

const { createRealtime } = await import('../../../src/providers/realtime');
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the real-time client loaded when it connects, not with the first screen', () => {
  it('connects with the token once socket.io has loaded, says "connecting" meanwhile, and connects once for several calls', async () => {
    const before = sockets.sockets.length;
    const realtime = createRealtime({ url: 'http://api.test', getToken: () => 'jwt-1' });
    realtime.connect();
    realtime.connect();
    expect(realtime.getState().status).toBe('connecting');
    await settle();
    expect(sockets.sockets.length - before).toBe(1);
    expect(sockets.sockets.at(-1)!.options.auth).toEqual({ token: 'jwt-1' });
  });

  it('a logout before the library arrives opens no socket', async () => {
    const before = sockets.sockets.length;
    const realtime = createRealtime({ url: 'http://api.test', getToken: () => 'jwt-2' });
    realtime.connect();
    realtime.disconnect();
    await settle();
    expect(sockets.sockets.length).toBe(before);
    expect(realtime.getState().status).toBe('idle');
  });
});
