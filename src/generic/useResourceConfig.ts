import { useResourceDefinition } from 'ra-core';
import type { ResourceConfig } from './types';

/** The config of the current resource, as App.tsx handed it to <Resource options>. */
export function useResourceConfig(): ResourceConfig {
  const definition = useResourceDefinition();
  const config = (definition.options as { config?: ResourceConfig } | undefined)?.config;
  if (!config) throw new Error(`Ressource sans configuration : ${definition.name}`);
  return config;
}
