// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { firstScreenShown } from '../../../src/common/firstScreen';
import { useIdlePreload } from '../../../src/common/LazyOverlays';

/**
 * What a first opening would wait for (dialogs, tooltips, toasts) is preloaded once the first screen is shown, then
 * the browser idle: not while a list waits for its rows, when the browser is idle too but the rows need the network.
 * Its own file: the first screen is shown once per page load (module state), which the component layer shares.
 */
describe('idle preloads', () => {
  it('wait for the first screen, however idle the browser is before it', async () => {
    vi.useFakeTimers();
    const preload = vi.fn();
    renderHook(() => useIdlePreload(preload));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(preload).not.toHaveBeenCalled();

    firstScreenShown();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(preload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
