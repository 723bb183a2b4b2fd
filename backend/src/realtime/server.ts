import type { Core } from '@strapi/strapi';
import { Server, type Socket } from 'socket.io';
import { corsOrigins } from '../utils/cors';
import { previousRow } from '../documents/previous';
import { eventPayload, reportPayload } from './events';

const REPORT = 'api::report.report';
const EVENT = 'api::event.event';

/** Runs `fn` once the current transaction (if any) has committed, as Strapi's own entry events do. */
function afterCommit(strapi: Core.Strapi, fn: () => void) {
  strapi.db.transaction(({ onCommit }) => {
    onCommit(fn);
  });
}

async function authenticate(strapi: Core.Strapi, socket: Socket) {
  const header = socket.handshake.headers.authorization;
  const token =
    (socket.handshake.auth?.token as string | undefined) ??
    (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
  if (!token) throw new Error('Authentification requise');
  const payload = await strapi.plugin('users-permissions').service('jwt').verify(token);
  const user = await strapi.db
    .query('plugin::users-permissions.user')
    .findOne({ where: { id: payload.id }, populate: ['role'] });
  if (!user || user.blocked) throw new Error('Jeton invalide');
  return { id: user.id, username: user.username, role: user.role?.name };
}

/** socket.io on Strapi's HTTP server (DESIGN section 6): JWT handshake, content events after commit. */
export async function startRealtime(strapi: Core.Strapi) {
  const io = new Server(strapi.server.httpServer, {
    cors: { origin: corsOrigins(), credentials: true },
    transports: ['polling', 'websocket'],
  });

  if (process.env.REDIS_URL) {
    // Several backend instances share their events through Redis (README, production notes).
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { createClient } = await import('redis');
    const pub = createClient({ url: process.env.REDIS_URL });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    (strapi as any).redisClients = [pub, sub];
    strapi.log.info('realtime: Redis adapter connected');
  }

  io.use((socket, next) => {
    authenticate(strapi, socket)
      .then((user) => {
        socket.data.user = user;
        next();
      })
      .catch((error: Error) => next(new Error(error.message === 'Authentification requise' ? error.message : 'Jeton invalide')));
  });

  const broadcastCount = async () => {
    const sockets = await io.fetchSockets();
    io.emit('connection-count', { count: sockets.length });
  };
  io.on('connection', (socket) => {
    void broadcastCount();
    socket.on('disconnect', () => void broadcastCount());
  });

  strapi.documents.use(async (context, next) => {
    const watched = context.uid === REPORT || context.uid === EVENT;
    if (!watched || (context.action !== 'create' && context.action !== 'update')) return next();
    const before = context.uid === REPORT ? await previousRow(strapi, context) : null;
    const result: any = await next();
    if (!result) return result;
    afterCommit(strapi, () => {
      if (context.uid === REPORT) {
        const payload = reportPayload(result);
        if (context.action === 'create') io.emit('new-report', payload);
        else {
          io.emit('report-updated', payload);
          if (result.report_status === 'resolu' && before?.report_status !== 'resolu') io.emit('report-resolved', payload);
        }
      } else {
        io.emit(context.action === 'create' ? 'new-event' : 'event-updated', eventPayload(result));
      }
    });
    return result;
  });

  (strapi as any).io = io;
  return io;
}
