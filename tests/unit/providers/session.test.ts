import { describe, expect, it } from 'vitest';
import { createSession, USER_KEY } from '../../../src/providers/session';

/** A Storage over a Map, as the browser's local storage behaves for these calls. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the stored session’s user', () => {
  it('is read once while the stored text is the same, and again as soon as it changes (another tab, a refresh)', () => {
    const storage = memoryStorage();
    const session = createSession(storage);
    session.save('jwt', { id: 1, username: 'moussa', email: 'm@mamoudzou.yt', role: { name: 'Operator' } });
    const first = session.getUser();
    expect(first).toMatchObject({ username: 'moussa', role: { name: 'Operator' } });
    expect(session.getUser()).toBe(first);
    storage.setItem(USER_KEY, JSON.stringify({ id: 1, username: 'moussa', email: 'm@mamoudzou.yt', role: { name: 'Editor' } }));
    expect(session.getUser()).toMatchObject({ role: { name: 'Editor' } });
    session.clear();
    expect(session.getUser()).toBeNull();
    storage.setItem(USER_KEY, '{not json');
    expect(session.getUser()).toBeNull();
  });
});
