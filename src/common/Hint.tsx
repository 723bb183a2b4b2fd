import { useSyncExternalStore, type ComponentType } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useIdlePreload } from './LazyOverlays';

/**
 * MUI's Tooltip for the app bar's and the sidebar's icon buttons, whose accessible names are their
 * labels: a tooltip is a hover hint that no first screen shows, and its code (Popper.js) was 11 KB
 * gzipped of every first load. It loads when the first screen is idle; until then the
 * element is rendered alone (it is rendered again inside the tooltip once the code is there).
 */
let Tooltip: ComponentType<TooltipProps> | undefined;
const listeners = new Set<() => void>();
let loading: Promise<unknown> | undefined;

export function loadHints(): Promise<unknown> {
  loading ??= import('@mui/material/Tooltip').then((m) => {
    Tooltip = m.default;
    listeners.forEach((listener) => listener());
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loaded = () => Tooltip;
const preload = () => void loadHints();

export function Hint(props: TooltipProps) {
  const Loaded = useSyncExternalStore(subscribe, loaded, loaded);
  useIdlePreload(preload);
  return Loaded ? <Loaded {...props} /> : props.children;
}
