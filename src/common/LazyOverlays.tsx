import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import { afterFirstScreen } from './firstScreen';
import { whenIdle } from './whenIdle';

/**
 * MUI's overlays that every first screen shows closed (the app bar's menus and popover, the export
 * menu, the phone's side drawer): each loads the first time it opens, with what it brings (Modal,
 * focus trap, transitions, Popover: 9 KB gzipped of every first load), then stays mounted
 * so that it closes with its transition. Closed, MUI renders none of them (keepMounted aside).
 */
function loadedOnFirstOpen<P extends { open?: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Overlay = lazy(load) as unknown as ComponentType<P>;
  function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(!!props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  }
  return LazyOverlay;
}

const loadMenu = () => import('@mui/material/Menu');
const loadPopover = () => import('@mui/material/Popover');
const loadDrawer = () => import('@mui/material/Drawer');

export const LazyMenu = loadedOnFirstOpen<MenuProps>(loadMenu);
export const LazyPopover = loadedOnFirstOpen<PopoverProps>(loadPopover);
export const LazyDrawer = loadedOnFirstOpen<DrawerProps>(loadDrawer);

/**
 * Preloads asked for when the browser is next idle, each scheduled once however many components ask (every hint
 * of the sidebar asks for the tooltips' code: one idle callback each was a share of a phone's first screen), and
 * cancelled when the last component asking goes before it ran.
 */
const idlePreloads = new Map<() => void, { askers: number; cancel: () => void }>();

/**
 * Runs `run` once the first screen is shown (its data painted), then the browser idle. Idle alone came too soon on a
 * cold load: while a list waited for its rows the browser was idle, and the preloads (dialogs, tooltips, toasts:
 * ~100 KB on a phone) took the network and the processor before the first row.
 */
function whenShownAndIdle(run: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  void afterFirstScreen().then(() => {
    if (!cancelled) cancelIdle = whenIdle(run, 3000);
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
const preloaded = new Set<() => void>();

function askIdlePreload(preload: () => void): () => void {
  if (preloaded.has(preload)) return () => undefined;
  let pending = idlePreloads.get(preload);
  if (!pending) {
    const run = () => {
      idlePreloads.delete(preload);
      preloaded.add(preload);
      preload();
    };
    pending = { askers: 0, cancel: whenShownAndIdle(run) };
    idlePreloads.set(preload, pending);
  }
  const asked = pending;
  asked.askers++;
  return () => {
    if (--asked.askers > 0 || idlePreloads.get(preload) !== asked) return;
    asked.cancel();
    idlePreloads.delete(preload);
  };
}

/** Runs `preload` once the first screen is shown and the browser is idle (what a first opening would otherwise wait for). */
export function useIdlePreload(preload: () => void) {
  useEffect(() => askIdlePreload(preload), [preload]);
}

/** The overlays' code, loaded when the first screen is idle, so that a first opening does not wait on the network. */
export function useOverlaysPreload(withDrawer: boolean) {
  useIdlePreload(
    useCallback(() => {
      void loadMenu();
      void loadPopover();
      if (withDrawer) void loadDrawer();
    }, [withDrawer]),
  );
}
