import type { Socket } from 'socket.io-client';
import type { SocketFactory } from '../../src/providers/realtime';

type Handler = (payload?: unknown) => void;

/** A socket.io client double: records how it was opened, lets a test play server events to it. */
export interface FakeSocket {
  url: string;
  options: Record<string, unknown>;
  connected: boolean;
  /** Plays a server event (new-report, notification, connection-count...) to the app. */
  serverEmit(event: string, payload?: unknown): void;
}

export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (url, options) => {
    const handlers = new Map<string, Set<Handler>>();
    const socket = {
      url,
      options: options as Record<string, unknown>,
      connected: false,
      on(event: string, handler: Handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(handler);
        return socket;
      },
      off(event: string, handler: Handler) {
        handlers.get(event)?.delete(handler);
        return socket;
      },
      removeAllListeners() {
        handlers.clear();
        return socket;
      },
      disconnect() {
        socket.connected = false;
        return socket;
      },
      serverEmit(event: string, payload?: unknown) {
        handlers.get(event)?.forEach((handler) => handler(payload));
      },
    };
    sockets.push(socket);
    // Connected on the next tick, as a real socket would be.
    setTimeout(() => {
      socket.connected = true;
      socket.serverEmit('connect');
    }, 0);
    return socket as unknown as Socket;
  };
  return { factory, sockets, last: () => sockets[sockets.length - 1] };
}
