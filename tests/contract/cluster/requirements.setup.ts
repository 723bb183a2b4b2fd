import { requireServers } from '../support/requirements';

/** `npm run test:cluster` starts PostgreSQL, Redis and HAProxy of its own: says first what to install if they are missing. */
export default function setup() {
  requireServers('npm run test:cluster', { postgres: true, redis: true, haproxy: true });
}
