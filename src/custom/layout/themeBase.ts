/**
 * The town's colours and type, free of react-admin: the themes of the app (themes.ts, over
 * react-admin's defaults) and the standalone login page (a light bundle) read them. Contrast checked for WCAG AA.
 */
export const buttonTypography = { textTransform: 'none' as const, fontWeight: 600 };

// Error red at 5.6:1 under white text (the "Supprimer" buttons), 4.5:1 at least on the page.
export const lightPalette = { mode: 'light' as const, primary: { main: '#0b5394' }, secondary: { main: '#00695c' }, error: { main: '#c62828' } };

// MUI's dark error red (#f44336) under white text is 3.7:1: a lighter red takes dark text (above 7:1).
export const darkPalette = { mode: 'dark' as const, primary: { main: '#90caf9' }, secondary: { main: '#80cbc4' }, error: { main: '#f28b82', contrastText: 'rgba(0, 0, 0, 0.87)' } };
