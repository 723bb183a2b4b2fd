import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { afterFirstScreen } from '../common/firstScreen';
import { whenIdle } from '../common/whenIdle';

/**
 * The real-time connection (docs/architecture.md, « Temps réel »): socket.io with the logged-in user's JWT, polling then
 * websocket, a 10 s connection timeout, 5 reconnections 1 s apart; closed at logout. Screens subscribe
 * to server events (`on`) and read the connection state (`getState`, `subscribe`).
 */

export const SERVER_EVENTS = ['new-report', 'report-updated', 'report-resolved', 'new-event', 'event-updated', 'notification'] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

export interface RealtimeState {
  status: 'idle' | 'connecting' | 'connected' | 'disconnected' | 'error';
  /** Sockets connected to the backend, as it last said (connection-count). */
  connectionCount: number | null;
  error?: string;
}

export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface Realtime {
  /** Connects with the current token (again, if the token changed); does nothing without one. */
  connect(): void;
  disconnect(): void;
  on(event: ServerEvent, handler: (payload: any) => void): () => void;
  getState(): RealtimeState;
  subscribe(listener: (state: RealtimeState) => void): () => void;
}

export const SOCKET_OPTIONS = {
  transports: ['polling', 'websocket'],
  timeout: 10_000,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
} as const;

/** Resolves once the page has loaded and the main thread is idle (the first screen drawn). */
function afterFirstPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const idle = () => void whenIdle(() => resolve(), 2000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * socket.io's client, loaded and connected once the first screen's data is painted (its list's rows, the
 * dashboard's figures), then when the main thread is idle: real time is no part of the first paint.
 */
const loadSocketIo = (): Promise<SocketFactory> =>
  afterFirstScreen()
    .then(afterFirstPaint)
    .then(() => import('socket.io-client').then((m) => m.io));

export function createRealtime({ url, getToken, io }: { url: string; getToken: () => string | null; io?: SocketFactory }): Realtime {
  let factory: SocketFactory | undefined = io;
  /** Counts connects and disconnects: a connection whose library arrives after a newer call is dropped. */
  let generation = 0;
  let socket: Socket | null = null;
  let token: string | null = null;
  let state: RealtimeState = { status: 'idle', connectionCount: null };
  const listeners = new Set<(state: RealtimeState) => void>();
  const handlers = new Map<ServerEvent, Set<(payload: any) => void>>();

  const setState = (next: Partial<RealtimeState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener(state));
  };

  const disconnect = () => {
    generation++;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    token = null;
    setState({ status: 'idle', connectionCount: null, error: undefined });
  };

  const connect = () => {
    const current = getToken();
    if (!current) return disconnect();
    if (token === current && (socket || state.status === 'connecting')) return;
    disconnect();
    token = current;
    setState({ status: 'connecting' });
    if (factory) return open(factory, current);
    const mine = generation;
    loadSocketIo().then(
      (loaded) => {
        factory = loaded;
        if (mine === generation) open(loaded, current);
      },
      (error: Error) => {
        console.warn('Temps réel :', error.message);
        if (mine === generation) setState({ status: 'error', error: error.message });
      },
    );
  };

  const open = (io: SocketFactory, current: string) => {
    socket = io(url, { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token: current } });
    socket.on('connect', () => setState({ status: 'connected', error: undefined }));
    socket.on('disconnect', () => setState({ status: 'disconnected' }));
    // Connection errors are only logged, never toasted (the socket retries on its own); the state says so.
    socket.on('connect_error', (error: Error) => {
      console.warn('Temps réel :', error.message);
      setState({ status: 'error', error: error.message });
    });
    socket.on('connection-count', (payload: { count?: number }) => setState({ connectionCount: payload?.count ?? null }));
    for (const event of SERVER_EVENTS) socket.on(event, (payload: unknown) => handlers.get(event)?.forEach((handler) => handler(payload)));
  };

  return {
    connect,
    disconnect,
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return () => handlers.get(event)?.delete(handler);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
