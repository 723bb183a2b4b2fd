import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Light and dark themes: react-admin's defaults with the town's blue, contrast checked for WCAG AA. */
const typography = { ...defaultLightTheme.typography, button: { textTransform: 'none' as const, fontWeight: 600 } };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  typography,
  // Error red at 5.6:1 under white text (the "Supprimer" buttons), 4.5:1 at least on the page.
  palette: { ...defaultLightTheme.palette, mode: 'light', primary: { main: '#0b5394' }, secondary: { main: '#00695c' }, error: { main: '#c62828' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  typography,
  // MUI's dark error red (#f44336) under white text is 3.7:1: a lighter red takes dark text (above 7:1).
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#90caf9' }, secondary: { main: '#80cbc4' }, error: { main: '#f28b82', contrastText: 'rgba(0, 0, 0, 0.87)' } },
};
