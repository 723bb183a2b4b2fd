import type { Core } from '@strapi/strapi';
import { Server, type Socket } from 'socket.io';
import { bearerToken, sessionService } from '../utils/services';
import { corsOrigins } from '../utils/cors';
import { nowSeconds } from '../utils/clock';
import { previousRow } from '../documents/previous';
import { userRoom } from '../notifications/notify';
import { eventPayload, reportPayload } from './events';
import { afterCommit } from '../utils/after-commit';

const REPORT = 'api::report.report';
const EVENT = 'api::event.event';

/** Rooms of the sockets whose role may read reports, events; and per user and session, to end them. */
const READS_REPORTS = 'read:reports';
const READS_EVENTS = 'read:events';
const sessionRoom = (id: string) => `session:${id}`;

/** How often the sockets' sessions are checked for expiry and idleness (REALTIME_SESSION_CHECK_MS, default 30 s). */
const checkEveryMs = () => Math.max(100, Number(process.env.REALTIME_SESSION_CHECK_MS ?? 30_000) || 30_000);

class HandshakeError extends Error {}

/**
 * The handshake: a live session's token (`auth.token` or a bearer header), a user who is not
 * blocked, and a role that may read reports (its permissions as the bootstrap granted them).
 */
async function authenticate(strapi: Core.Strapi, socket: Socket) {
  const token = (socket.handshake.auth?.token as string | undefined) ?? bearerToken(socket.handshake.headers.authorization);
  if (!token) throw new HandshakeError('Authentification requise');
  let session: { id: number; sessionId: string; exp?: number };
  try {
    session = await sessionService(strapi).verify(token);
  } catch {
    throw new HandshakeError('Jeton invalide');
  }
  const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: session.id }, populate: ['role'] });
  if (!user || user.blocked || !user.role) throw new HandshakeError('Jeton invalide');
  const permissions: { action: string }[] = await strapi.plugin('users-permissions').service('permission').findRolePermissions(user.role.id);
  const actions = new Set(permissions.map((p) => p.action));
  if (!actions.has(`${REPORT}.find`)) throw new HandshakeError('Accès refusé : ce rôle ne lit pas les signalements');
  return {
    user: { id: user.id as number, username: user.username as string, role: user.role.name as string },
    sessionId: session.sessionId,
    expiresAt: session.exp,
    reads: { reports: true, events: actions.has(`${EVENT}.find`) },
  };
}

/** socket.io on Strapi's HTTP server: session handshake, content events after commit, to those who may read them (docs/architecture.md). */
export async function startRealtime(strapi: Core.Strapi) {
  const io = new Server(strapi.server.httpServer, {
    cors: { origin: corsOrigins(), credentials: true },
    transports: ['polling', 'websocket'],
  });

  if (process.env.REDIS_URL) {
    // Several backend instances share their events through Redis (docs/production.md, « Redis »).
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { createClient } = await import('redis');
    const pub = createClient({ url: process.env.REDIS_URL });
    const sub = pub.duplicate();
    // While Redis is away, each instance's sockets get its own events only; the clients reconnect by themselves
    // and the adapter resumes (what was emitted meanwhile is sent once Redis is back). Said once, not per retry.
    let told = false;
    for (const client of [pub, sub]) {
      client.on('error', (error: Error) => {
        if (!told) strapi.log.warn(`realtime: Redis: ${error.message}`);
        told = true;
      });
      client.on('ready', () => (told = false));
    }
    (strapi as any).redisClients = [pub, sub];
    // The adapter is set once both clients answer: at once when Redis is up, later when an instance starts while
    // Redis is away (it does not wait for it more than 5 s). Set before, its subscriptions would wait in the
    // client's queue and be sent a second time by the client's own subscribing again on connection: a reply too
    // many, which ends the process (node-redis 4).
    const adapterSet = Promise.all([pub.connect(), sub.connect()]).then(() => {
      io.adapter(createAdapter(pub, sub));
      // A new adapter knows no room: sockets connected meanwhile join theirs again.
      for (const socket of io.of('/').sockets.values()) socket.join([socket.id, ...((socket.data?.rooms as string[]) ?? [])]);
      strapi.log.info('realtime: Redis adapter set');
    });
    adapterSet.catch((error: Error) => strapi.log.warn(`realtime: Redis adapter not set: ${error.message}`));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([adapterSet.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
  }

  io.use((socket, next) => {
    authenticate(strapi, socket)
      .then((identity) => {
        const rooms = [userRoom(identity.user.id), sessionRoom(identity.sessionId), ...(identity.reads.reports ? [READS_REPORTS] : []), ...(identity.reads.events ? [READS_EVENTS] : [])];
        socket.data = { ...identity, rooms };
        socket.join(rooms);
        next();
      })
      .catch((error: Error) => next(new Error(error instanceof HandshakeError ? error.message : 'Jeton invalide')));
  });

  // Counting every instance's sockets asks the others through Redis: while Redis is away the question times out,
  // and the count waits for the next connection (a rejection left unhandled would end the process).
  const broadcastCount = async () => {
    // Sockets closed by the instance's own stop: nobody to tell, and Redis is being let go.
    if ((strapi as any).realtimeClosing) return;
    try {
      const sockets = await io.fetchSockets();
      io.emit('connection-count', { count: sockets.length });
    } catch (error) {
      strapi.log.warn(`realtime: connections not counted: ${(error as Error).message}`);
    }
  };
  io.on('connection', (socket) => {
    void broadcastCount();
    socket.on('disconnect', () => void broadcastCount());
  });

  /** Tells the sockets of ended sessions why, then closes them (across instances with the Redis adapter). */
  const endSockets = (rooms: string[], reason: string) => {
    if (rooms.length === 0) return;
    io.to(rooms).emit('session-ended', { reason });
    io.in(rooms).disconnectSockets(false);
  };
  strapi.eventHub.on('sessions.ended', async ({ sessionIds = [], userId }: { sessionIds?: string[]; userId?: number }) => {
    endSockets([...sessionIds.map(sessionRoom), ...(userId ? [userRoom(userId)] : [])], 'Session terminée');
  });
  strapi.eventHub.on('user.role-changed', async ({ userId }: { userId: number }) => endSockets([userRoom(userId)], 'Rôle modifié'));

  // Sessions also end by themselves (token expiry, idle timeout, maximum length): checked periodically.
  const timer = setInterval(() => {
    void (async () => {
      const sockets = await io.local.fetchSockets();
      if (sockets.length === 0) return;
      const live = await sessionService(strapi).live([...new Set(sockets.map((s) => s.data.sessionId as string))]);
      const at = nowSeconds();
      for (const socket of sockets) {
        const expired = typeof socket.data.expiresAt === 'number' && socket.data.expiresAt <= at;
        if (expired || !live.has(socket.data.sessionId)) {
          socket.emit('session-ended', { reason: expired ? 'Jeton expiré' : 'Session terminée' });
          socket.disconnect(false);
        }
      }
    })().catch((error) => strapi.log.error(`realtime: session check failed: ${(error as Error).message}`));
  }, checkEveryMs());
  timer.unref();
  (strapi as any).realtimeTimer = timer;

  strapi.documents.use(async (context, next) => {
    const watched = context.uid === REPORT || context.uid === EVENT;
    if (!watched || (context.action !== 'create' && context.action !== 'update')) return next();
    const before = context.uid === REPORT ? await previousRow(strapi, context) : null;
    const result: any = await next();
    if (!result) return result;
    afterCommit(strapi, 'realtime', () => {
      if (context.uid === REPORT) {
        const payload = reportPayload(result);
        const readers = io.to(READS_REPORTS);
        if (context.action === 'create') readers.emit('new-report', payload);
        else {
          readers.emit('report-updated', payload);
          if (result.report_status === 'resolu' && before?.report_status !== 'resolu') readers.emit('report-resolved', payload);
        }
      } else {
        io.to(READS_EVENTS).emit(context.action === 'create' ? 'new-event' : 'event-updated', eventPayload(result));
      }
    });
    return result;
  });

  (strapi as any).io = io;
  return io;
}
