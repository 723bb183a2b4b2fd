import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * What the app keeps on the device for offline use (the queue of writes, the read cache), in
 * IndexedDB through idb-keyval; in memory where IndexedDB is missing (jsdom, a private window that
 * refuses it). Personal: cleared at logout.
 */
export interface DeviceStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

export function memoryDeviceStore(): DeviceStore {
  const values = new Map<string, unknown>();
  return {
    get: async <T,>(key: string) => values.get(key) as T | undefined,
    set: async (key, value) => void values.set(key, value),
    del: async (key) => void values.delete(key),
  };
}

export function createDeviceStore(): DeviceStore {
  if (typeof indexedDB === 'undefined') return memoryDeviceStore();
  let store: UseStore;
  try {
    store = createStore('mamoudzou-hors-ligne', 'donnees');
  } catch {
    return memoryDeviceStore();
  }
  return {
    get: <T,>(key: string) => get<T>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}
