import { lazy, type ComponentType } from 'react';

/**
 * React.lazy whose chunk can be asked for before the component first renders (`preload()`): a dialog a tap opens
 * is then on the device when the tap comes (on a phone, a first « Changer statut » waited for its chunk).
 */
export function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return Object.assign(lazy(load), { preload: load });
}

/** Starts loading the chunk of a component made by lazyWithPreload (nothing for any other); a failure waits for the real opening. */
export function preloadComponent(component: unknown) {
  void (component as { preload?: () => Promise<unknown> } | undefined)?.preload?.().catch(() => undefined);
}
