import { missingServers, requireServers as require } from '../../../scripts/servers/requirements.mjs';

/**
 * The servers some commands need beside Node, from Debian's packages: checked before anything starts, so that a
 * machine without them is told in one French sentence what to install (scripts/servers/requirements.mjs).
 */
export const postgresInstalled = () => missingServers({ postgres: true }).length === 0;
export const redisInstalled = () => missingServers({ redis: true }).length === 0;

/** Throws, with what to install, unless every server `command` needs is here. */
export function requireServers(command: string, needs: { postgres?: boolean; redis?: boolean; haproxy?: boolean }): void {
  require(command, needs);
}
