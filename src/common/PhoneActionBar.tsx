import { useEffect, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';

/** Its height: the bar's padding and a 48 px button, above the phone's own bottom edge (a gesture bar). */
const BAR_HEIGHT = 'calc(64px + env(safe-area-inset-bottom, 0px))';

/**
 * A screen's main action on a phone, at the bottom of the screen where the thumb reaches, over the
 * content. While it is there the page keeps as much room after its end (the body's bottom padding),
 * so that nothing, the pagination included, ends up under it. A region named `label`.
 */
export function PhoneActionBar({ label, children }: { label: string; children: ReactNode }) {
  useEffect(() => {
    const { style } = document.body;
    const before = style.paddingBottom;
    style.paddingBottom = BAR_HEIGHT;
    return () => {
      style.paddingBottom = before;
    };
  }, []);
  return (
    <Paper
      component="section"
      aria-label={label}
      square
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        display: 'flex',
        gap: 1,
        px: 1.5,
        pt: 1,
        pb: 'calc(8px + env(safe-area-inset-bottom, 0px))',
        '& > *': { flex: 1, minHeight: 48 },
      }}
    >
      {children}
    </Paper>
  );
}
