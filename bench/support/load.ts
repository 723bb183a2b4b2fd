import { request } from 'node:http';

/**
 * A small concurrent HTTP client (autocannon is not among the project's packages; this loop is all the
 * bench needs): `connections` clients each send the next request as soon as the previous one answered,
 * for `durationMs`, after a warm-up whose figures are dropped. Node's fetch keeps the connections alive.
 */
export interface LoadResult {
  min: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  /** Every request answered, the warm-up's included (what the server worked for). */
  answered: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** `url`: one address, or a function giving the address of the n-th request (calls that differ each time). */
export async function load(url: string | ((n: number) => string), headers: Record<string, string>, { connections = 10, durationMs = 5_000, warmupMs = 1_000 } = {}): Promise<LoadResult> {
  let sent = 0;
  const next = typeof url === 'string' ? () => url : () => url(sent++);
  const latencies: number[] = [];
  let errors = 0;
  let answered = 0;
  const started = performance.now();
  const measureFrom = started + warmupMs;
  const end = measureFrom + durationMs;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(next(), { headers });
        await res.arrayBuffer();
        answered++;
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      // Every request sent within the measured window counts, however long it took to answer.
      if (t0 >= measureFrom) latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  latencies.sort((a, b) => a - b);
  return {
    min: latencies[0] ?? NaN,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / ((performance.now() - measureFrom) / 1000),
    requests: latencies.length,
    answered,
    errors,
  };
}

/** Bytes of one answer as they travel (`encoding`: what the client accepts, '' for none) and once decoded. */
export function bytesOf(url: string, headers: Record<string, string>, encoding = 'gzip, deflate, br'): Promise<{ wire: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } }, (res) => {
      let wire = 0;
      res.on('data', (chunk: Buffer) => (wire += chunk.length));
      res.on('end', () => resolve({ wire, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * fetch, a GET sent again once when its connection failed before any answer: Node's client (unlike a browser's)
 * does not retry a request whose kept-alive connection the server closed at the same moment.
 */
export async function retryingFetch(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if ((init?.method ?? 'GET') !== 'GET' || init?.signal?.aborted) throw error;
    return fetch(input, init);
  }
}
