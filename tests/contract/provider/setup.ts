import { inject } from 'vitest';
import type {} from '../support/global-backend'; // the type of inject('backendUrl')
import { createProviders } from '../../../src/providers';
import type { EndpointOptions } from '../../../src/providers/dataProvider';
import { accessRulesOf, endpointOptionsOf, resources } from '../../../src/resources';
import { memoryStorage } from '../../support/memoryStorage';

export const DEMO = {
  admin: ['admin@mairie.test', 'Admin123!'],
  superadmin: ['superadmin@mairie.test', 'Super123!'],
  editor: ['editeur@mairie.test', 'Editeur123!'],
  operator: ['operateur@mairie.test', 'Operateur123!'],
  author: ['auteur@mairie.test', 'Auteur123!'],
} as const;

/** Endpoint options a test adds to the registry's, per resource (provider features the registry does not use yet). */
export type EndpointOverrides = Record<string, Partial<EndpointOptions>>;

/** The SPA's own providers, wired as App.tsx wires them, against the real backend of this run. */
export function providersFor(overrides: EndpointOverrides = {}) {
  const apiUrl = inject('backendUrl');
  const endpoints = endpointOptionsOf(resources);
  for (const [name, extra] of Object.entries(overrides)) endpoints[name] = { ...endpoints[name], ...extra };
  return {
    apiUrl,
    ...createProviders({
      apiUrl,
      endpoints,
      accessRules: accessRulesOf(resources),
      storage: memoryStorage(),
    }),
  };
}

/** Providers logged in as a demo account. */
export async function loggedInAs(account: keyof typeof DEMO, overrides: EndpointOverrides = {}) {
  const providers = providersFor(overrides);
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
