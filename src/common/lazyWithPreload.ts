import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { loadOnce } from './loadOnce';

/** A component made by lazyWithPreload: its chunk can be asked for before its first render. */
export type PreloadableComponent<P extends object = object> = ((props: P) => ReactElement) & {
  preload: () => Promise<unknown>;
  /** Whether its chunk is there: its first render will not suspend. */
  isLoaded: () => boolean;
};

/**
 * React.lazy whose chunk can be asked for before the component first renders (`preload()`): a dialog a tap opens
 * is then on the device when the tap comes (on a phone, a first « Changer statut » waited for its chunk).
 *
 * Once loaded, the module's component is rendered itself, not through React.lazy: a lazy component suspends at its
 * first render even when its chunk is already there (React cannot read a settled promise at once), and React then
 * holds the content back about 300 ms after the fallback it just showed (its throttle on revealing Suspense
 * content). That was most of a first « Changer statut » on a phone.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  // A failed chunk is asked for again at the next opening (a network back).
  const chunk = loadOnce(load);
  const Lazy = lazy(chunk.load);
  function Preloadable(props: P) {
    // Chosen once per instance: changing type when the chunk arrives would remount it and lose its state.
    const [Component] = useState<ComponentType<P>>(() => chunk.loaded()?.default ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload: chunk.load, isLoaded: () => chunk.loaded() !== undefined });
}

/** Starts loading the chunk of a component made by lazyWithPreload (nothing for any other); a failure waits for the real opening. */
export function preloadComponent(component: unknown) {
  void (component as { preload?: () => Promise<unknown> } | undefined)?.preload?.().catch(() => undefined);
}
