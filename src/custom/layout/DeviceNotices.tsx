import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updateReady } from '../../offline/serviceWorker';
import { useOnline, useQueuedWrites } from '../../providers/OfflineContext';

// Their code (alerts, lists, snackbar) loads the first time they have something to say, not with every screen.
const OfflineBanner = lazy(() => import('./OfflineBanner').then((m) => ({ default: m.OfflineBanner })));
const UpdateToast = lazy(() => import('./UpdateToast').then((m) => ({ default: m.UpdateToast })));

/** « Hors ligne » and the writes waiting: above the screens, and inside a dialog that fills a phone's screen (common/DialogNotices). */
export function OfflineNotice() {
  const online = useOnline();
  const waiting = useQueuedWrites().length;
  if (online && waiting === 0) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  );
}

/** What the device has to say above the screens: « Hors ligne » and the writes waiting, a new version to load. */
export function DeviceNotices() {
  const update = useSyncExternalStore(updateReady.subscribe, updateReady.get, () => false);
  return (
    <>
      <OfflineNotice />
      {update && (
        <Suspense fallback={null}>
          <UpdateToast />
        </Suspense>
      )}
    </>
  );
}
