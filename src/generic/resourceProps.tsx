import type { ComponentType } from 'react';
import { RequireAccess } from '../common/access/RequireAccess';
import { lazyWithPreload, type PreloadableComponent } from '../common/lazyWithPreload';
import type { RegisteredResource } from './types';

/**
 * From a registry's entry to the props of react-admin's <Resource>: the list page (the generic one, with the
 * resource's configuration, both loaded when it first shows) behind the access guard, which also holds the create,
 * detail and edit dialogs (/{name}/create, /{name}/{id}, /{name}/{id}/edit all reach it), and the options the menu
 * reads (label, group, icon, access, the « Créer » entry).
 */

const listPages = new WeakMap<RegisteredResource, PreloadableComponent>();

/**
 * A resource's list page: the generic page handed its configuration, the two loaded together (a chunk each). A cold
 * load of a list asks for them with the app's (main.tsx, AppRoot.tsx) and renders once they are there: preloaded, the
 * page renders at once instead of suspending its first render.
 */
export function listPageOf(entry: RegisteredResource): PreloadableComponent | undefined {
  if (!entry.views.list) return undefined;
  let page = listPages.get(entry);
  if (!page) {
    page = lazyWithPreload(async () => {
      const [config, { default: ResourceListPage }] = await Promise.all([entry.load(), import('./list/ResourceListPage')]);
      const ListPage = () => <ResourceListPage config={config} />;
      ListPage.displayName = `ListPage(${entry.name})`;
      return { default: ListPage };
    });
    listPages.set(entry, page);
  }
  return page;
}

/** Loads the list page of the resource at `path` (its chunks, when it has one); settles at once for any other address. */
export function preloadListPageFor(path: string, registry: RegisteredResource[]): Promise<unknown> {
  const entry = registry.find((candidate) => candidate.name === path.split('/')[1]);
  // A failed chunk is asked for again when the page renders (and reloads the page after a redeploy).
  return (entry ? listPageOf(entry)?.preload() : undefined)?.catch(() => undefined) ?? Promise.resolve();
}

export interface ResourceOptions {
  label: string;
  menu: RegisteredResource['menu'];
  access: RegisteredResource['access'];
  quickCreate: RegisteredResource['quickCreate'];
}

/** The page behind the access guard. */
function guarded(entry: RegisteredResource, Page: ComponentType): ComponentType {
  const Guarded = () => (
    <RequireAccess resource={entry.name} access={entry.access}>
      <Page />
    </RequireAccess>
  );
  Guarded.displayName = `Guarded(${entry.name})`;
  return Guarded;
}

export function resourceProps(entry: RegisteredResource) {
  const { create, edit, detail } = entry.views;
  const list = listPageOf(entry);
  return {
    name: entry.name,
    icon: entry.icon,
    list: list ? guarded(entry, list) : undefined,
    hasCreate: !!create,
    hasEdit: !!edit,
    hasShow: !!detail,
    options: { label: entry.label, menu: entry.menu, access: entry.access, quickCreate: entry.quickCreate } satisfies ResourceOptions,
  };
}
