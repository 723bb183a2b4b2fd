import useMediaQuery from '@mui/material/useMediaQuery';

/** Under this width the app is laid out for a phone (specification section 9). */
export const MOBILE_BREAKPOINT = 768;

/** True under 768 px: the sidebar becomes a sheet, lists become cards. */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width:${MOBILE_BREAKPOINT - 0.02}px)`, { noSsr: true });
}
