import { localStorageStore, type Store } from 'ra-core';

/** react-admin's store in local storage; logging out clears it but keeps the theme choice. */
export function createStore(): Store {
  const base = localStorageStore(undefined, 'mamoudzou');
  return {
    ...base,
    reset() {
      const theme = base.getItem('theme');
      base.reset();
      if (theme) base.setItem('theme', theme);
    },
  };
}
