/**
 * The logged-in session kept in local storage: the JWT and the user (with the role name). The
 * client holds no other credential.
 */

export const TOKEN_KEY = 'mamoudzou.auth.token';
export const USER_KEY = 'mamoudzou.auth.user';
/** Why the last session ended, when the backend said (a suspended account): shown once by the login page. */
export const ENDED_KEY = 'mamoudzou.auth.ended';

/** Who follows the reason (the login page shown), told when it is noted or forgotten. */
const endFollowers = new Set<() => void>();
const tellFollowers = () => endFollowers.forEach((follower) => follower());

/** Keeps the backend's French reason for the end of the session, for the login page to show. */
export function noteSessionEnd(message: string, storage: Storage = globalThis.localStorage) {
  storage.setItem(ENDED_KEY, message);
  tellFollowers();
}

/** The reason kept by noteSessionEnd, until the person acts on the login page (forgetSessionEnd). */
export const readSessionEnd = (storage: Storage = globalThis.localStorage) => storage.getItem(ENDED_KEY);
export function forgetSessionEnd(storage: Storage = globalThis.localStorage) {
  if (storage.getItem(ENDED_KEY) === null) return;
  storage.removeItem(ENDED_KEY);
  tellFollowers();
}

/** Follows the reason (useSyncExternalStore's subscribe): the page shows one noted after it was drawn. */
export function subscribeSessionEnd(follower: () => void): () => void {
  endFollowers.add(follower);
  return () => endFollowers.delete(follower);
}

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  /** A custom role carries its grants (module → actions), which the access table reads. */
  role?: { id?: number; name: string; type?: string; grants?: unknown } | null;
  [key: string]: unknown;
}

export interface Session {
  getToken(): string | null;
  getUser(): SessionUser | null;
  save(token: string, user: SessionUser): void;
  setUser(user: SessionUser): void;
  setToken(token: string): void;
  clear(): void;
}

export function createSession(storage: Storage = globalThis.localStorage): Session {
  // The user as last read, parsed again only when the stored text changes: every permission check reads it (each
  // card's actions, each menu entry), and the role's grants were parsed each time.
  let read: { raw: string; user: SessionUser | null } | undefined;
  return {
    getToken: () => storage.getItem(TOKEN_KEY),
    getUser: () => {
      const raw = storage.getItem(USER_KEY);
      if (!raw) return null;
      if (read?.raw !== raw) {
        let user: SessionUser | null;
        try {
          user = JSON.parse(raw) as SessionUser;
        } catch {
          user = null;
        }
        read = { raw, user };
      }
      return read.user;
    },
    save(token, user) {
      storage.setItem(TOKEN_KEY, token);
      storage.setItem(USER_KEY, JSON.stringify(user));
    },
    setUser: (user) => storage.setItem(USER_KEY, JSON.stringify(user)),
    setToken: (token) => storage.setItem(TOKEN_KEY, token),
    clear() {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(USER_KEY);
    },
  };
}

/** Seconds since the epoch at which a JWT expires, or undefined when it cannot be read. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp : undefined;
  } catch {
    return undefined;
  }
}
