import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { buttonTypography, lightPalette, withReducedMotion } from '../layout/themeBase';

/** The theme of the pages that load without react-admin (login, password links): the town's, with react-admin's input defaults. */
const options: ThemeOptions = {
  palette: { ...lightPalette, background: { default: '#fafafb' } },
  typography: { h6: { fontWeight: 400 }, button: buttonTypography },
  components: {
    MuiTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFilledInput: { styleOverrides: { root: { backgroundColor: 'rgba(0, 0, 0, 0.04)' } } },
  },
};

export const standaloneTheme = createTheme(withReducedMotion(options));
