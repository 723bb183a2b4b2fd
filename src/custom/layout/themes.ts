import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Light and dark themes: react-admin's defaults with the town's blue, contrast checked for WCAG AA. */
const typography = { ...defaultLightTheme.typography, button: { textTransform: 'none' as const, fontWeight: 600 } };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  typography,
  palette: { ...defaultLightTheme.palette, mode: 'light', primary: { main: '#0b5394' }, secondary: { main: '#00695c' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  typography,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#90caf9' }, secondary: { main: '#80cbc4' } },
};
