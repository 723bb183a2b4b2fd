import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { can } from '@mamoudzou/domain/permissions';
import { bearerToken, currentSettings, sessionService } from '../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Logging in (with its two-factor step) and out stay open: administrators must get in, and anyone may leave. */
const OPEN_PATHS = new Set(['/api/auth/local', '/api/auth/logout', '/api/auth/mfa/verify', '/api/auth/mfa/setup', '/api/auth/mfa/enable']);

/** Whoever may change the maintenance settings works during maintenance (administrators). */
async function worksDuringMaintenance(strapi: Core.Strapi, authorization: string | undefined): Promise<boolean> {
  const token = bearerToken(authorization);
  if (!token) return false;
  try {
    const { id } = await sessionService(strapi).verify(token);
    const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id }, populate: ['role'] });
    return !!user && !user.blocked && can(user.role, 'maintenance', 'edit');
  } catch {
    return false;
  }
}

/**
 * Maintenance mode (settings): every write of anyone but an administrator is refused with 503 and
 * the maintenance message, whatever the route; reading goes on. Placed before the body is parsed, so
 * a refused upload is not even received.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<void>) => {
    if (!WRITES.has(ctx.method)) return next();
    const settings = await currentSettings(strapi);
    if (!settings.maintenanceMode) return next();
    const normalized = path.posix.normalize(ctx.path).toLowerCase().replace(/\/+$/, '');
    if (OPEN_PATHS.has(normalized) || (await worksDuringMaintenance(strapi, ctx.request.header.authorization))) return next();
    ctx.status = 503;
    ctx.set('Retry-After', '300');
    ctx.body = {
      data: null,
      error: { status: 503, name: 'ServiceUnavailableError', message: settings.maintenanceMessage, details: coded('maintenance', { maintenance: true }) },
    };
  };
