/** The origins allowed to call the backend, shared by the HTTP CORS middleware and socket.io. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export function corsOrigins(raw = process.env.CORS_ORIGINS): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : DEFAULT_CORS_ORIGINS;
}

/** Seconds a browser keeps a preflight's answer (Chromium keeps at most 7,200). */
export const CORS_MAX_AGE = 7200;
