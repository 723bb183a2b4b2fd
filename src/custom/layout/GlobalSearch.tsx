import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { useIsPhone } from '../../common/breakpoints';
import { fr } from '../../i18n/fr';

const s = fr.search;
/** The dialog, its filters and results: loaded the first time the search opens, not with every screen. */
const SearchDialog = lazy(() => import('./GlobalSearchDialog'));

/** Ctrl+K or Cmd+K (not with Shift or Alt). */
export const isSearchShortcut = (e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** The header's search button (and Ctrl+K / Cmd+K): opens the search dialog. */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const phone = useIsPhone();
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {phone ? (
        <IconButton color="inherit" aria-label={s.open} onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          variant="outlined"
          startIcon={<SearchIcon />}
          onClick={() => setOpen(true)}
          aria-keyshortcuts="Control+K Meta+K"
          sx={{ borderColor: 'divider', color: 'text.secondary', justifyContent: 'flex-start', minWidth: 220, fontWeight: 400 }}
        >
          <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>
            {s.open}
          </Box>
          <Box component="kbd" aria-hidden sx={{ ml: 2, px: 0.75, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: 12, fontFamily: 'inherit' }}>
            {s.shortcut}
          </Box>
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
