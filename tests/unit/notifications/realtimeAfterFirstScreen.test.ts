// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../support/fakeSocket';

// socket.io's client as the app loads it (a dynamic import): a fake one here.
const sockets = fakeSockets();
vi.mock('socket.io-client', () => ({ io: (url: string, options: object) => sockets.factory(url, options) }));

const { afterFirstScreen, firstScreenShown } = await import('../../../src/common/firstScreen');
const { createRealtime } = await import('../../../src/providers/realtime');

/** Lets the loader's steps run (idle callback, import), well within the first screen's longest wait; no duration is asserted. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe('the real-time connection in a browser waits for the first screen', () => {
  // First in the file: the first screen has not been shown yet.
  it('a screen that never says it is shown lets it go after a while', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      void afterFirstScreen(5000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(4999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens no socket during the load; connects once the first screen’s data is painted', async () => {
    const realtime = createRealtime({ url: 'http://api.test', getToken: () => 'jwt-1' });
    realtime.connect();
    expect(realtime.getState().status).toBe('connecting');
    await settle();
    expect(sockets.sockets).toHaveLength(0);

    firstScreenShown();
    await vi.waitFor(() => expect(sockets.sockets).toHaveLength(1), { timeout: 5000 });
    expect(sockets.sockets[0].options.auth).toEqual({ token: 'jwt-1' });
    // Later screens change nothing; a new connection (another login) goes at once.
    firstScreenShown();
    const again = createRealtime({ url: 'http://api.test', getToken: () => 'jwt-2' });
    again.connect();
    await vi.waitFor(() => expect(sockets.sockets).toHaveLength(2), { timeout: 5000 });
  });
});
