// How far an instance's JavaScript heap may grow. Node's default on a server is a quarter of its memory (4 GB on
// a 16 GB machine): the heap a burst of requests grows is then given back late, and an instance at 500,000 reports
// held 600 to 820 MB during and after the bench's API section. Capped at 512 MB, V8 collects sooner: 483 MB at most,
// 461 MB at rest, latencies unchanged (docs/performances.md); the live data at 500,000 reports is about 180 MB.
// backend/package.json's `start` repeats the flag (a unit test checks they agree).
export const BACKEND_HEAP_MB = 512;

/** Node's flag, put before the script by the launchers (a flag given later, or in NODE_OPTIONS after it, wins). */
export const BACKEND_HEAP_FLAG = `--max-old-space-size=${BACKEND_HEAP_MB}`;
