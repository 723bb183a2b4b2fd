import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';

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

/** Runs `preload` once the first screen is shown and the browser is idle (what a first opening would otherwise wait for). */
export function useIdlePreload(preload: () => void) {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(preload, 200);
    return () => window.clearTimeout(handle);
  }, [preload]);
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
