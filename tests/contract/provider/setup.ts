import { inject } from 'vitest';
import type {} from '../support/global-backend'; // the type of inject('backendUrl')
import { createProviders } from '../../../src/providers';
import { accessRulesOf, endpointOptionsOf, resources } from '../../../src/resources';
import { memoryStorage } from '../../support/memoryStorage';

export const DEMO = {
  admin: ['admin@mairie.test', 'Admin123!'],
  superadmin: ['superadmin@mairie.test', 'Super123!'],
  editor: ['editeur@mairie.test', 'Editeur123!'],
  operator: ['operateur@mairie.test', 'Operateur123!'],
  author: ['auteur@mairie.test', 'Auteur123!'],
} as const;

/** The SPA's own providers, wired as App.tsx wires them, against the real backend of this run. */
export function providersFor() {
  const apiUrl = inject('backendUrl');
  return {
    apiUrl,
    ...createProviders({
      apiUrl,
      endpoints: endpointOptionsOf(resources),
      accessRules: accessRulesOf(resources),
      storage: memoryStorage(),
    }),
  };
}

/** Providers logged in as a demo account. */
export async function loggedInAs(account: keyof typeof DEMO) {
  const providers = providersFor();
  const [identifier, password] = DEMO[account];
  await providers.authProvider.login({ identifier, password });
  return providers;
}

let counter = 0;
export const unique = () => `${Date.now().toString(36)}-${++counter}`;

export const reportData = (overrides: Record<string, unknown> = {}) => ({
  title: `Contrat fournisseur ${unique()}`,
  type: 'Voirie',
  subType: 'Nid-de-poule',
  description: 'Un nid-de-poule profond devant la pharmacie.',
  priority: 'haute',
  zone: 'Kawéni',
  address: 'Rue du Commerce, Kawéni',
  latitude: -12.7601,
  longitude: 45.2251,
  ...overrides,
});

/** A 1-pixel PNG. */
export const PNG_1PX = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
