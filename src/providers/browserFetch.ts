/** What the providers and pages call to reach the backend: the browser's fetch, or a test's fake backend. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The browser's fetch, the default of everything that takes a `fetch` (tests hand a fake backend). One function
 * for all: a default written inline in a component is a new function at each render, and an effect depending on
 * it ran again after each answer it rendered (the login page asked the public settings in a loop).
 */
export const browserFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
