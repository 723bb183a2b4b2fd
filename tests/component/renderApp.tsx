import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import App from '../../src/App';
import type { ResourceConfig } from '../../src/resources';
import type { FetchLike } from '../../src/providers/http';
import type { SocketFactory } from '../../src/providers/realtime';
import { fakeSockets } from '../support/fakeSocket';

/** The whole app at `path`, against a fake backend behind fetch and a fake socket, in a memory router. */
export function renderApp(path: string, options: { fetch: FetchLike; registry?: ResourceConfig[]; socket?: SocketFactory }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App apiUrl="http://api.test" fetch={options.fetch} registry={options.registry} socket={options.socket ?? fakeSockets().factory} />
    </MemoryRouter>,
  );
}
