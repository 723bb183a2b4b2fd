import { createTheme } from '@mui/material/styles';
import { buttonTypography, lightPalette, reducedMotionOptions } from '../layout/themeBase';

const reducedMotion = reducedMotionOptions();

/** The theme of the pages that load without react-admin (login, password links): the town's, with react-admin's input defaults. */
export const standaloneTheme = createTheme({
  palette: { ...lightPalette, background: { default: '#fafafb' } },
  typography: { h6: { fontWeight: 400 }, button: buttonTypography },
  ...(reducedMotion.transitions ? { transitions: reducedMotion.transitions } : {}),
  components: {
    ...reducedMotion.components,
    MuiTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFilledInput: { styleOverrides: { root: { backgroundColor: 'rgba(0, 0, 0, 0.04)' } } },
  },
});
