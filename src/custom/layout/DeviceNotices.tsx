import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updateReady } from '../../offline/serviceWorker';
import { useOnline, useQueuedWrites } from '../../providers/OfflineContext';

// Their code (alerts, lists, snackbar) loads the first time they have something to say, not with every screen.
const OfflineBanner = lazy(() => import('./OfflineBanner').then((m) => ({ default: m.OfflineBanner })));
const UpdateToast = lazy(() => import('./UpdateToast').then((m) => ({ default: m.UpdateToast })));

/** What the device has to say above the screens: « Hors ligne » and the writes waiting, a new version to load. */
export function DeviceNotices() {
  const online = useOnline();
  const waiting = useQueuedWrites().length;
  const update = useSyncExternalStore(updateReady.subscribe, updateReady.get, () => false);
  return (
    <Suspense fallback={null}>
      {(!online || waiting > 0) && <OfflineBanner />}
      {update && <UpdateToast />}
    </Suspense>
  );
}
