import { lazy, type ComponentType } from 'react';
import { RequireAccess } from '../common/access/RequireAccess';
import type { ResourceConfig } from './types';

/**
 * From a config to the props of react-admin's <Resource>: the list page (the generic one, or the
 * resource's own, each a lazy chunk) behind the access guard, which also holds the create, detail
 * and edit dialogs (/{name}/create, /{name}/{id}, /{name}/{id}/edit all reach it), and the options
 * the menu and the generic views read (label, group, icon, access, the config itself).
 */

/** The generic list page's chunk; App asks for it at once on a cold load of a list (beside the session check, not after). */
export const loadListPage = () => import('./list/ResourceListPage');
const GenericListPage = lazy(loadListPage);

/** Starts loading the list page's chunk when `path` is a list of the registry that uses the generic page. */
export function preloadListPageFor(path: string, registry: ResourceConfig[]) {
  const name = path.split('/')[1];
  if (registry.some((config) => config.name === name && config.views.list === true)) void loadListPage();
}

export interface ResourceOptions {
  label: string;
  menu: ResourceConfig['menu'];
  access: ResourceConfig['access'];
  config: ResourceConfig;
}

function guarded(config: ResourceConfig, Page: ComponentType): ComponentType {
  const Guarded = () => (
    <RequireAccess resource={config.name} access={config.access}>
      <Page />
    </RequireAccess>
  );
  Guarded.displayName = `Guarded(${config.name})`;
  return Guarded;
}

export function resourceProps(config: ResourceConfig) {
  const { list, create, edit, detail } = config.views;
  return {
    name: config.name,
    icon: config.icon,
    list: list ? guarded(config, list === true ? GenericListPage : list) : undefined,
    hasCreate: !!create,
    hasEdit: !!edit,
    hasShow: !!detail,
    recordRepresentation: config.recordRepresentation,
    options: { label: config.label, menu: config.menu, access: config.access, config } satisfies ResourceOptions,
  };
}
