/**
 * The town's colours and type, free of react-admin: the themes of the app (themes.ts, over
 * react-admin's defaults) and the standalone login page (a light bundle) read them. Contrast checked for WCAG AA.
 */
import type { ThemeOptions } from '@mui/material/styles';

export const buttonTypography = { textTransform: 'none' as const, fontWeight: 600 };

// Error red at 5.6:1 under white text (the "Supprimer" buttons), 4.5:1 at least on the page.
export const lightPalette = { mode: 'light' as const, primary: { main: '#0b5394' }, secondary: { main: '#00695c' }, error: { main: '#c62828' } };

// MUI's dark error red (#f44336) under white text is 3.7:1: a lighter red takes dark text (above 7:1).
export const darkPalette = { mode: 'dark' as const, primary: { main: '#90caf9' }, secondary: { main: '#80cbc4' }, error: { main: '#f28b82', contrastText: 'rgba(0, 0, 0, 0.87)' } };

/** Whether the person's system asks for less motion (an accessibility setting of the phone or the computer). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const NO_DURATION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * `options` for a system that asks for less motion (WCAG 2.3.3): MUI's dialogs, menus and drawers appear and go at
 * once, and a pressed button draws no ripple. Progress indicators keep turning: they say something is under way.
 * Read when the theme is made: a setting changed during a session applies at the next load.
 */
export function withReducedMotion<T extends ThemeOptions>(options: T, reduced = prefersReducedMotion()): T {
  if (!reduced) return options;
  return {
    ...options,
    transitions: { duration: NO_DURATION, create: () => 'none', getAutoHeightDuration: () => 0 },
    components: { ...options.components, MuiButtonBase: { defaultProps: { disableRipple: true } } },
  };
}
