import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point } from './distance';

/** Why the device gave no position: refused by the person or the browser's settings, not found, or no geolocation at all. */
export type PositionFailure = 'denied' | 'unavailable' | 'unsupported';

export type DevicePosition =
  | { state: 'idle' | 'locating' }
  | { state: 'located'; at: Point; /** metres, as the device estimates it */ accuracy?: number }
  | { state: 'error'; failure: PositionFailure };

/**
 * The phone's position, asked when `locate` is called (the browser asks the person the first time):
 * each screen says in its own words what it is for, and what went wrong (`failure`). The position
 * stays on the device; the screens that use it decide what to do with it.
 */
export function useDevicePosition(): { position: DevicePosition; locate: () => void } {
  const [position, setPosition] = useState<DevicePosition>({ state: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return setPosition({ state: 'error', failure: 'unsupported' });
    setPosition({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (mounted.current) setPosition({ state: 'located', at: { latitude: coords.latitude, longitude: coords.longitude }, accuracy: coords.accuracy });
      },
      (error) => {
        if (mounted.current) setPosition({ state: 'error', failure: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  return { position, locate };
}
