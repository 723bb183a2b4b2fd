import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { buttonTypography, darkPalette, lightPalette } from './themeBase';

/** Light and dark themes: react-admin's defaults with the town's blue (themeBase.ts), contrast checked for WCAG AA. */
const typography = { ...defaultLightTheme.typography, button: buttonTypography };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  typography,
  palette: { ...defaultLightTheme.palette, ...lightPalette },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  typography,
  palette: { ...defaultDarkTheme.palette, ...darkPalette },
};
