import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { applyUpdate, updateReady } from '../../offline/serviceWorker';
import { fr } from '../../i18n/fr';

/** « Nouvelle version disponible » with a reload button, shown while a new version of the app waits. */
export function UpdateToast() {
  const ready = useSyncExternalStore(updateReady.subscribe, updateReady.get, () => false);
  return (
    <Snackbar open={ready} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        sx={{ alignItems: 'center' }}
        action={
          <Button color="inherit" variant="outlined" onClick={applyUpdate} sx={{ minHeight: 44 }}>
            {fr.offline.updateReload}
          </Button>
        }
      >
        {fr.offline.updateReady}
      </Alert>
    </Snackbar>
  );
}
