import { requireServers } from '../support/requirements';

/** `npm run test:scale` starts PostgreSQL and Redis of its own: says first what to install if they are missing. */
export default function setup() {
  requireServers('npm run test:scale', { postgres: true, redis: true });
}
