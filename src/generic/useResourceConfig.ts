import { useMemo } from 'react';
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

/** The config of the current resource (the one its route hands, generic/resourceProps.tsx), its choices following the settings. */
export function useResourceConfig(config: ResourceConfig): ResourceConfig {
  const { settings } = useSettings({ enabled: followsSettings(config) });
  return useMemo(() => withSettings(config, settings), [config, settings]);
}
