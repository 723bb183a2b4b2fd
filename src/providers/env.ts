/** Addresses of the backend, from Vite's environment (VITE_API_URL, VITE_SOCKET_URL). */
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};

export const API_URL = (env.VITE_API_URL || 'http://localhost:1337').replace(/\/+$/, '');
export const SOCKET_URL = (env.VITE_SOCKET_URL || API_URL).replace(/\/+$/, '');
