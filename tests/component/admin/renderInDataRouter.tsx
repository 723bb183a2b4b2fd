import { render } from '@testing-library/react';
import type { LayoutComponent } from 'ra-core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import App from '../../../src/App';
import type { FetchLike } from '../../../src/providers/http';
import type { SocketFactory } from '../../../src/providers/realtime';
import { fakeSockets } from '../../support/fakeSocket';
import { screenLayout } from '../renderApp';

type Options = { fetch: FetchLike; socket?: SocketFactory };

/**
 * The whole app at `path` in a data router, as src/main.tsx runs it (react-admin's guard of unsaved
 * changes needs one), against a fake backend behind fetch.
 */
export function renderInDataRouter(path: string, options: Options) {
  return renderAt(path, options);
}

/** One screen at `path` in a data router: renderInDataRouter without the app's frame (see renderScreen). */
export function renderScreenInDataRouter(path: string, options: Options) {
  return renderAt(path, options, screenLayout);
}

function renderAt(path: string, options: Options, layout?: LayoutComponent) {
  const router = createMemoryRouter(
    [{ path: '*', element: <App apiUrl="http://api.test" fetch={options.fetch} socket={options.socket ?? fakeSockets().factory} layout={layout} /> }],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
