import { randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';

/**
 * What one backend instance tells the others so that they forget what it just changed. Each
 * instance keeps in memory the user of a token, a role's permissions, sessions, settings and
 * totals; a write empties its own copies at once (database lifecycles), and without this the other
 * instances sharing the database went on with theirs for 2 to 10 s: a suspended person kept working
 * there. With REDIS_URL, every write of a model that some cache reads is published on one Redis
 * channel, and each other instance empties its caches of that model as soon as it hears it.
 */
const CHANNEL = 'backoffice:cache-invalidation';
const WRITE_EVENTS = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'] as const;

type Handler = (payload: any) => void;
interface Message {
  from: string;
  topic: string;
  payload: unknown;
}
interface RedisLike {
  connect(): Promise<unknown>;
  quit(): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  duplicate(): RedisLike;
  on(event: string, listener: (...args: any[]) => void): unknown;
}

export interface InstanceBus {
  /** `clear` runs when another instance writes one of `models` (a write here is the cache's own lifecycle's). */
  onRemoteWrite(models: string[], clear: () => void): void;
  /** Tells the other instances (not this one) something on `topic`. */
  broadcast(topic: string, payload: unknown): Promise<void>;
  /** `handler` runs for what another instance broadcasts on `topic`. */
  on(topic: string, handler: Handler): void;
}

const buses = new WeakMap<object, ReturnType<typeof createBus>>();

function createBus(strapi: Pick<Core.Strapi, 'db' | 'log'>) {
  const id = randomUUID();
  const handlers = new Map<string, Handler[]>();
  const watched = new Set<string>();
  let publisher: RedisLike | undefined;
  let subscriber: RedisLike | undefined;
  /** Redis is away: said once, not at every reconnection attempt nor every write. */
  let away = false;

  const on = (topic: string, handler: Handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
  const send = async (topic: string, payload: unknown) => {
    if (!publisher) return;
    try {
      await publisher.publish(CHANNEL, JSON.stringify({ from: id, topic, payload } satisfies Message));
    } catch (error) {
      if (!away) strapi.log.warn(`cache bus: could not publish ${topic}: ${(error as Error).message}`);
    }
  };
  // Said at once, so that the others have forgotten before the change is answered; inside a
  // transaction, said again once it commits, lest another instance read the old row back in between.
  const broadcast = async (topic: string, payload: unknown) => {
    if (!publisher) return;
    if (strapi.db.inTransaction()) strapi.db.transaction(({ onCommit }) => onCommit(() => void send(topic, payload)));
    await send(topic, payload);
  };
  const deliver = (raw: string) => {
    let message: Message;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.from === id) return;
    for (const handler of handlers.get(message.topic) ?? []) {
      try {
        handler(message.payload);
      } catch (error) {
        strapi.log.warn(`cache bus: ${message.topic}: ${(error as Error).message}`);
      }
    }
  };

  const modelHandlers = new Map<string, (() => void)[]>();
  on('models', ({ models }: { models: string[] }) => {
    for (const model of models ?? []) for (const clear of modelHandlers.get(model) ?? []) clear();
  });

  const bus = {
    on,
    broadcast,
    onRemoteWrite(models: string[], clear: () => void) {
      const fresh = models.filter((model) => !watched.has(model));
      for (const model of models) modelHandlers.set(model, [...(modelHandlers.get(model) ?? []), clear]);
      if (fresh.length === 0) return;
      fresh.forEach((model) => watched.add(model));
      // Awaited by the query engine: the message has left before the write's answer does.
      const publishWrite = (event: { model: { uid: string } }) => broadcast('models', { models: [event.model.uid] });
      strapi.db.lifecycles.subscribe({ models: fresh, ...Object.fromEntries(WRITE_EVENTS.map((name) => [name, publishWrite])) } as any);
    },
    /**
     * bootstrap(): joins the channel when REDIS_URL is set (alone, nothing is published). Waits for Redis 5 s at
     * most: an instance started while Redis is away starts all the same, and joins when Redis answers (the client
     * subscribes again after each reconnection).
     */
    async connect(url: string | undefined) {
      if (!url || publisher) return;
      const { createClient } = await import('redis');
      // Without an offline queue, a write told while Redis is away fails at once instead of waiting for Redis to
      // come back: the other instances then forget within their caches' few seconds, as without Redis.
      const pub = createClient({ url, disableOfflineQueue: true }) as unknown as RedisLike;
      const sub = pub.duplicate();
      for (const client of [pub, sub]) {
        client.on('error', (error: Error) => {
          if (!away) strapi.log.warn(`cache bus: Redis: ${error.message} (the other instances' caches expire by themselves meanwhile)`);
          away = true;
        });
        client.on('ready', () => (away = false));
      }
      publisher = pub;
      subscriber = sub;
      const joined = Promise.all([pub.connect(), sub.connect().then(() => sub.subscribe(CHANNEL, deliver))]).then(() => strapi.log.info('cache bus: Redis connected'));
      joined.catch((error: Error) => strapi.log.warn(`cache bus: ${error.message}`));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([joined.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
    },
    async close() {
      const clients = [publisher, subscriber].filter(Boolean) as RedisLike[];
      publisher = subscriber = undefined;
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
    },
  };
  return bus;
}

/** The instance bus of this backend (one per Strapi), created on first use: register() code subscribes before bootstrap connects it. */
export function instanceBus(strapi: Pick<Core.Strapi, 'db' | 'log'>): InstanceBus & { connect(url: string | undefined): Promise<void>; close(): Promise<void> } {
  let bus = buses.get(strapi);
  if (!bus) buses.set(strapi, (bus = createBus(strapi)));
  return bus;
}
