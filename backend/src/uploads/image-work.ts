import pLimit from 'p-limit';

/**
 * Decoding and resizing images is the heaviest work the backend does (sharp, several threads each):
 * sixty uploads in a row held list calls up to 14 s. Every such task waits its turn here, at most
 * IMAGE_WORK_CONCURRENCY at once (default 1), so the other requests keep the rest of the processor.
 */
export function imageWorkConcurrency(): number {
  const value = Number(process.env.IMAGE_WORK_CONCURRENCY ?? 1);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

const limit = pLimit(imageWorkConcurrency());
let running = 0;
let peak = 0;
let done = 0;
let failed = 0;

/** Runs `task` when its turn comes. */
export function boundedImageWork<T>(task: () => Promise<T>): Promise<T> {
  return limit(async () => {
    running += 1;
    peak = Math.max(peak, running);
    try {
      return await task();
    } catch (error) {
      failed += 1;
      throw error;
    } finally {
      running -= 1;
      done += 1;
    }
  });
}

/** The queue as Intégrations shows it: tasks running and waiting, the most ever run at once, and how many ran. */
export const imageWorkStatus = () => ({ concurrency: imageWorkConcurrency(), running, queued: limit.pendingCount, peak, done, failed });
