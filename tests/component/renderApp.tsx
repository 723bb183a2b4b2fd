import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { LayoutComponent } from 'ra-core';
import { Loading, TitlePortal } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import App from '../../src/App';
import Layout from '../../src/custom/layout/Layout';
import type { ResourceConfig } from '../../src/resources';
import type { FetchLike } from '../../src/providers/http';
import type { SocketFactory } from '../../src/providers/realtime';
import { fakeSockets } from '../support/fakeSocket';

type Options = { fetch: FetchLike; registry?: ResourceConfig[]; socket?: SocketFactory };

/** The whole app at `path`, against a fake backend behind fetch and a fake socket, in a memory router. */
export function renderApp(path: string, options: Options) {
  return renderAt(path, options);
}

/**
 * One screen at `path`: the app's routes, providers and guards as renderApp has them, without the frame around
 * the screen (sidebar, app bar), for the tests where the frame is not the point; the page title still shows.
 */
export function renderScreen(path: string, options: Options) {
  return renderAt(path, options, screenLayout);
}

function renderAt(path: string, options: Options, layout?: LayoutComponent) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App apiUrl="http://api.test" fetch={options.fetch} registry={options.registry} socket={options.socket ?? fakeSockets().factory} layout={layout} />
    </MemoryRouter>,
  );
}

/** The screen alone where the app's frame would be: its title, and the same fallback while its chunk loads. */
function ScreenOnly({ children }: { children: ReactNode }) {
  return (
    <main id="main-content">
      <TitlePortal component="h1" variant="h6" />
      <Suspense fallback={<Loading loadingPrimary="ra.page.loading" loadingSecondary="ra.message.loading" />}>{children}</Suspense>
    </main>
  );
}

/** The app's layout (its guards, real-time sync and queued toasts) around the screen alone. */
export const screenLayout: LayoutComponent = ({ children }) => <Layout frame={ScreenOnly}>{children}</Layout>;
