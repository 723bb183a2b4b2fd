import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import App from '../../src/App';
import type { FetchLike } from '../../src/providers/http';
import { fakeSockets } from '../support/fakeSocket';

/** react-admin's store in local storage: what the lists remember between visits. */
const REMEMBERED_LIST = /^RaStoremamoudzou\..*\.listParams$/;

/**
 * The whole app opened at an address (a link followed, a page reloaded), in a data router as
 * src/main.tsx runs it, against a fake backend behind fetch; the address it shows as a person
 * reads it in the address bar, and a reload.
 */
export function renderAtUrl(url: string, options: { fetch: FetchLike }) {
  const open = (at: string) => {
    const router = createMemoryRouter([{ path: '*', element: <App apiUrl="http://api.test" fetch={options.fetch} socket={fakeSockets().factory} /> }], {
      initialEntries: [at],
    });
    return { router, view: render(<RouterProvider router={router} />) };
  };
  let current = open(url);
  const location = () => current.router.state.location;
  return {
    get router() {
      return current.router;
    },
    /** The address shown, decoded: `/evenements?vue=calendrier`. */
    url: () => decodeURIComponent(`${location().pathname}${location().search}`),
    path: () => location().pathname,
    /** The address's query, read. */
    params: () => new URLSearchParams(location().search),
    /** The address's list filter (react-admin's `filter` JSON), read. */
    filter: () => JSON.parse(new URLSearchParams(location().search).get('filter') ?? '{}') as Record<string, unknown>,
    /**
     * The same address opened again, with nothing the lists remembered: what it shows comes from
     * the address alone (a link sent to a colleague; the session stays).
     */
    reload: () => {
      const at = `${location().pathname}${location().search}`;
      current.view.unmount();
      for (const key of Object.keys(localStorage)) if (REMEMBERED_LIST.test(key)) localStorage.removeItem(key);
      current = open(at);
    },
  };
}
