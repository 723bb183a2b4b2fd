import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadHints } from '../../src/common/Hint';
// react-query's timers go through the app's provider from the first test of the worker on (its files share modules).
import '../../src/providers/queryClient';
import { installFastComputedStyle } from '../support/fastComputedStyle';
import { installFastStyleTagLookup } from '../support/fastStyleTagLookup';

const { getElementError } = getConfig();
/** Testing Library sets this (left out of its types) while findBy and waitFor retry. */
const retrying = () => (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
configure({
  // Screens load their chunks lazily and `npm test` runs every layer at once on two cores (two
  // backends start beside jsdom): give findBy/waitFor the time a loaded machine needs.
  // Seen: a page's first rows 10 s after the click under that load; a test that passes waits no longer for it.
  asyncUtilTimeout: 20_000,
  // A failed getBy prints the whole DOM in its error. findBy and waitFor try again and again and keep only the
  // last error, to which they add the DOM once more when they give up: while they retry, the error goes without it.
  getElementError(message, container) {
    if (!retrying()) return getElementError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// The app bar's hints (MUI Tooltip) load when the first screen is idle: loaded before each file, so that
// screens render them from the start and no button is rendered again under a test's feet.
beforeAll(() => loadHints());

// jsdom finds the control of a <label for> by walking the whole document, and the labels of an input by asking
// every node for its control: Testing Library's ByLabelText, which asks every button and input for its labels,
// then walks the document (buttons × labels) times, seconds per query on a full form. The document's own id
// index gives the same answer (the first element with that id, in tree order).
{
  const jsdomModule = createRequire(import.meta.url);
  const { implementation: LabelImpl } = jsdomModule('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js');
  const { isLabelable } = jsdomModule('jsdom/lib/jsdom/living/helpers/form-controls.js');
  const walk = Object.getOwnPropertyDescriptor(LabelImpl.prototype, 'control')!.get!;
  Object.defineProperty(LabelImpl.prototype, 'control', {
    configurable: true,
    get() {
      const id = this.getAttributeNS(null, 'for');
      const root = id ? this.getRootNode({}) : null;
      if (root?.nodeType !== Node.DOCUMENT_NODE) return walk.call(this);
      const control = root.getElementById(id);
      return control && isLabelable(control) ? control : null;
    },
  });
}

// Role queries and clicks ask for `display`, `visibility` and `pointer-events` of every element they pass.
installFastComputedStyle(window);

// Each MUI input looks for its global style tag with a selector jsdom answers by walking the whole document.
installFastStyleTagLookup(window);

// jsdom lays nothing out, and prints "Not implemented" when react-admin scrolls to the top after a navigation.
window.scrollTo = () => {};

// jsdom has no matchMedia: MUI's useMediaQuery and react-admin's theme read it.
// A wide light screen unless a test says otherwise (window.__media).
type MediaState = { width: number; dark: boolean; listeners: Set<() => void> };
const media: MediaState = { width: 1280, dark: false, listeners: new Set() };
(globalThis as unknown as { __media: MediaState }).__media = media;

function evaluate(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return media.dark;
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (max) return media.width <= Number(max[1]);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (min) return media.width >= Number(min[1]);
  return false;
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => {
    const listeners = new Set<(e: { matches: boolean }) => void>();
    const mql = {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, cb: (e: { matches: boolean }) => void) => {
        listeners.add(cb);
        const notify = () => cb({ matches: evaluate(query) });
        media.listeners.add(notify);
      },
      removeEventListener: (_: string, cb: (e: { matches: boolean }) => void) => listeners.delete(cb),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
    return mql;
  },
});

// No console error and no React warning during a test: each one fails it.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    original(...args);
  });
  media.width = 1280;
  media.dark = false;
  media.listeners.clear();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});

afterEach(async () => {
  cleanup();
  // What the screen started loading in the background (a lazy part, an idle preload) is loaded before the next test:
  // the worker keeps its modules from file to file (isolate: false), and a load cut by a file's end failed the next
  // files' screens (seen: the events' detail could not load RichText after SettingsPage's file ended mid-load).
  await vi.dynamicImportSettled();
  vi.restoreAllMocks();
  if (consoleErrors.length) {
    throw new Error(`console.error during the test:\n${consoleErrors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
