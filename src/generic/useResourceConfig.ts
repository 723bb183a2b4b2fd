import { useMemo } from 'react';
import { useResourceDefinition } from 'ra-core';
import type { Settings } from '@mamoudzou/domain/settings';
import { useSettings } from '../providers/settings';
import type { ResourceConfig } from './types';

const followsSettings = (config: ResourceConfig) => config.fields.some((f) => f.choicesWith || f.dependsOn?.choicesWith);

/** The config with the choices the settings keep (report types and sub-types) written in, as every screen reads `choices`. */
export function withSettings(config: ResourceConfig, settings: Settings): ResourceConfig {
  if (!followsSettings(config)) return config;
  return {
    ...config,
    fields: config.fields.map((field) => {
      const { choicesWith, dependsOn } = field;
      if (!choicesWith && !dependsOn?.choicesWith) return field;
      return {
        ...field,
        ...(choicesWith ? { choices: choicesWith(settings) } : {}),
        ...(dependsOn?.choicesWith
          ? { dependsOn: { ...dependsOn, choices: (value: unknown) => dependsOn.choicesWith!(value, settings) } }
          : {}),
      };
    }),
  };
}

/**
 * The config of the current resource, its choices following the settings: the one its route hands (resourceProps.tsx),
 * else the one App.tsx gave <Resource options>. The route's comes first: a list page preloaded for a cold load renders
 * before react-admin has registered the resources' definitions.
 */
export function useResourceConfig(routed?: ResourceConfig): ResourceConfig {
  const definition = useResourceDefinition();
  const config = routed ?? (definition.options as { config?: ResourceConfig } | undefined)?.config;
  if (!config) throw new Error(`Ressource sans configuration : ${definition.name}`);
  const { settings } = useSettings({ enabled: followsSettings(config) });
  return useMemo(() => withSettings(config, settings), [config, settings]);
}
