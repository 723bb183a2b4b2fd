import type { ComponentType } from 'react';
import { RequireAccess } from '../common/access/RequireAccess';
import { lazyWithPreload } from '../common/lazyWithPreload';
import type { ResourceConfig } from './types';

/**
 * From a config to the props of react-admin's <Resource>: the list page (the generic one, or the
 * resource's own, each a lazy chunk) behind the access guard, which also holds the create, detail
 * and edit dialogs (/{name}/create, /{name}/{id}, /{name}/{id}/edit all reach it), and the options
 * the menu and the generic views read (label, group, icon, access, the config itself).
 */

/**
 * The generic list page, its own chunk. A cold load of a list asks for it with the app's (AppRoot.tsx), beside the
 * session check, and renders once it is there: preloaded, it renders at once instead of suspending its first render.
 */
const GenericListPage = lazyWithPreload(() => import('./list/ResourceListPage'));

export type ListPage = ComponentType<{ config?: ResourceConfig }>;
export const listPageOf = (config: ResourceConfig): ListPage | undefined =>
  config.views.list === true ? GenericListPage : (config.views.list as ListPage | undefined);

/** Loads the list page of the resource at `path` (its chunk, when it has one); settles at once for any other address. */
export function preloadListPageFor(path: string, registry: ResourceConfig[]): Promise<unknown> {
  const name = path.split('/')[1];
  const config = registry.find((entry) => entry.name === name);
  const page = config && (listPageOf(config) as { preload?: () => Promise<unknown> } | undefined);
  // A failed chunk is asked for again when the page renders (and reloads the page after a redeploy).
  return (page?.preload?.() ?? Promise.resolve()).catch(() => undefined);
}

export interface ResourceOptions {
  label: string;
  menu: ResourceConfig['menu'];
  access: ResourceConfig['access'];
  config: ResourceConfig;
}

/** The page behind the access guard, handed its config by its route (a preloaded page may render before react-admin registered the definitions). */
function guarded(config: ResourceConfig, Page: ListPage): ComponentType {
  const Guarded = () => (
    <RequireAccess resource={config.name} access={config.access}>
      <Page config={config} />
    </RequireAccess>
  );
  Guarded.displayName = `Guarded(${config.name})`;
  return Guarded;
}

export function resourceProps(config: ResourceConfig) {
  const { create, edit, detail } = config.views;
  const list = listPageOf(config);
  return {
    name: config.name,
    icon: config.icon,
    list: list ? guarded(config, list) : undefined,
    hasCreate: !!create,
    hasEdit: !!edit,
    hasShow: !!detail,
    recordRepresentation: config.recordRepresentation,
    options: { label: config.label, menu: config.menu, access: config.access, config } satisfies ResourceOptions,
  };
}
