import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import App from '../../src/App';
import type { ResourceConfig } from '../../src/resources';
import type { FetchLike } from '../../src/providers/http';

/** The whole app at `path`, against a fake backend behind fetch, in a memory router. */
export function renderApp(path: string, options: { fetch: FetchLike; registry?: ResourceConfig[] }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App apiUrl="http://api.test" fetch={options.fetch} registry={options.registry} />
    </MemoryRouter>,
  );
}
