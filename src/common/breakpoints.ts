import useMediaQuery from '@mui/material/useMediaQuery';

/** Under this width the app is laid out for a phone; a tablet held upright (768 px) keeps the desktop layout. */
export const MOBILE_BREAKPOINT = 768;

/** The media query of a phone's screen (under 768 px), written once for the hook and the styles below. */
const PHONE_QUERY = `(max-width:${MOBILE_BREAKPOINT - 0.02}px)`;

/** True under 768 px: the sidebar becomes a sheet, lists become cards. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, { noSsr: true });
}

/** The media query of a phone, for styles (`sx`). */
export const PHONE_MEDIA = `@media ${PHONE_QUERY}`;

/** Under MUI's `sm` (600 px) a dialog fills the screen, its actions at the bottom, within the thumb's reach. */
export function useFullScreenDialog(): boolean {
  return useMediaQuery('(max-width:599.98px)', { noSsr: true });
}

/** A link staff tap on a phone (a card's title, a phone number, a dashboard line): at least 44 × 44 px (WCAG 2.5.5). */
export const phoneTapTarget = { [PHONE_MEDIA]: { display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 } } as const;
