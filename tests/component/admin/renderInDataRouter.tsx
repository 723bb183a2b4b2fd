import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import App from '../../../src/App';
import type { FetchLike } from '../../../src/providers/http';
import type { SocketFactory } from '../../../src/providers/realtime';
import { fakeSockets } from '../../support/fakeSocket';

/**
 * The whole app at `path` in a data router, as src/main.tsx runs it (react-admin's guard of unsaved
 * changes needs one), against a fake backend behind fetch.
 */
export function renderInDataRouter(path: string, options: { fetch: FetchLike; socket?: SocketFactory }) {
  const router = createMemoryRouter(
    [{ path: '*', element: <App apiUrl="http://api.test" fetch={options.fetch} socket={options.socket ?? fakeSockets().factory} /> }],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
