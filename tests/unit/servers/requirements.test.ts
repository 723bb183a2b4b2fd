import { describe, expect, it } from 'vitest';
import { missingMessage, SERVERS } from '../../../scripts/servers/requirements.mjs';

describe('what a command says when a Debian server is missing', () => {
  it('names the servers and the one command that installs their packages, in French', () => {
    const message = missingMessage('npm run cluster', [SERVERS.haproxy, SERVERS.redis]);
    expect(message).toMatch(
      /^npm run cluster a besoin de HAProxy et Redis, absents de cette machine\. Installez les paquets Debian : (sudo )?apt-get update && (sudo )?apt-get install -y haproxy redis-server$/,
    );
    expect(missingMessage('npm run test:cluster', [SERVERS.postgres])).toMatch(/a besoin de PostgreSQL, absent de cette machine\. Installez le paquet Debian : .*apt-get install -y postgresql$/);
  });
});
