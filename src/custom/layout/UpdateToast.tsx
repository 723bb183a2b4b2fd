import { useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { applyUpdate, updateReady } from '../../offline/serviceWorker';
import { fr } from '../../i18n/fr';

/** « Une nouvelle version … » with a reload button, shown while a new version of the app waits (dark, high contrast, in both themes). */
export function UpdateToast() {
  const ready = useSyncExternalStore(updateReady.subscribe, updateReady.get, () => false);
  return (
    <Snackbar
      open={ready}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={fr.offline.updateReady}
      action={
        <Button color="inherit" variant="outlined" onClick={applyUpdate} sx={{ minHeight: 44 }}>
          {fr.offline.updateReload}
        </Button>
      }
    />
  );
}
