/** Addresses of the backend, from Vite's environment (VITE_API_URL, VITE_SOCKET_URL). */
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};

/**
 * A configured address without its trailing slashes; « / » is the page's own origin: the back-office served by the
 * same address as the API (behind one load balancer), whose calls then need no CORS preflight.
 */
export function backendAddress(configured: string | undefined, fallback: string, origin = globalThis.location?.origin ?? ''): string {
  const value = configured?.trim();
  if (value === '/') return origin;
  return (value || fallback).replace(/\/+$/, '');
}

export const API_URL = backendAddress(env.VITE_API_URL, 'http://localhost:1337');
export const SOCKET_URL = backendAddress(env.VITE_SOCKET_URL, API_URL);
