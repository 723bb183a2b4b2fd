import { frFR } from '@mui/material/locale';
import deepmerge from '@mui/utils/deepmerge';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { PHONE_MEDIA } from '../../common/breakpoints';
import { buttonTypography, darkPalette, lightPalette, withReducedMotion } from './themeBase';

/** Light and dark themes: react-admin's defaults with the town's blue (themeBase.ts), contrast checked for WCAG AA. */
const typography = { ...defaultLightTheme.typography, button: buttonTypography };

/** On a phone every control staff tap is at least 44 × 44 px (WCAG 2.5.5); a mouse keeps the compact sizes. */
const touchTargets: RaThemeOptions['components'] = {
  MuiButton: { styleOverrides: { root: { [PHONE_MEDIA]: { minHeight: 44 } } } },
  MuiIconButton: { styleOverrides: { root: { [PHONE_MEDIA]: { minWidth: 44, minHeight: 44 } } } },
  MuiToggleButton: { styleOverrides: { root: { [PHONE_MEDIA]: { minHeight: 44 } } } },
  // The user menu's and the row menus' items (react-admin's are dense).
  MuiMenuItem: { styleOverrides: { root: { [PHONE_MEDIA]: { minHeight: 44 } } } },
  // 24 px of box and 10 px around it.
  MuiCheckbox: { styleOverrides: { root: { [PHONE_MEDIA]: { padding: 10 } } } },
  MuiRadio: { styleOverrides: { root: { [PHONE_MEDIA]: { padding: 10 } } } },
  // A 44 px high switch: its track and thumb as MUI draws them, 3 px more room around each.
  MuiSwitch: {
    styleOverrides: {
      root: { [PHONE_MEDIA]: { '&:not(.MuiSwitch-sizeSmall)': { width: 64, height: 44, padding: 15, '& .MuiSwitch-switchBase': { padding: 12 } } } },
    },
  },
};

/**
 * A theme's components, merged by MUI's own deepmerge: MUI's words in French (its frFR locale: the phone's pagination
 * buttons said « Go to next page » to a screen reader, react-admin passing its French labels to the wide pagination
 * only), react-admin's defaults over them, the touch targets over both.
 */
const componentsOver = (defaults: RaThemeOptions['components']) => deepmerge(deepmerge(frFR.components ?? {}, defaults ?? {}), touchTargets ?? {}) as RaThemeOptions['components'];

export const lightTheme: RaThemeOptions = withReducedMotion({
  ...defaultLightTheme,
  typography,
  palette: { ...defaultLightTheme.palette, ...lightPalette },
  components: componentsOver(defaultLightTheme.components),
});

export const darkTheme: RaThemeOptions = withReducedMotion({
  ...defaultDarkTheme,
  typography,
  palette: { ...defaultDarkTheme.palette, ...darkPalette },
  components: componentsOver(defaultDarkTheme.components),
});
