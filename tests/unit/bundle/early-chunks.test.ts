import { describe, expect, it } from 'vitest';
import { chunkFilesOf, earlyChunksScript } from '../../../scripts/earlyChunks';
import { TOKEN_KEY } from '../../../src/providers/session';

/**
 * A signed-in cold load asks for the app's chunks as index.html is read (scripts/earlyChunks.ts), not once the
 * entry has arrived and run; a first visit of /login and the e-mails' pages ask for nothing more.
 */
const bundle = {
  'assets/main.js': { type: 'chunk', fileName: 'assets/main.js', imports: ['assets/vendor-react.js'], moduleIds: ['/app/src/main.tsx'] },
  'assets/vendor-react.js': { type: 'chunk', fileName: 'assets/vendor-react.js', imports: [], moduleIds: ['/app/node_modules/react/index.js'] },
  'assets/app-shell.js': { type: 'chunk', fileName: 'assets/app-shell.js', imports: ['assets/vendor-react.js', 'assets/vendor-admin.js'], moduleIds: ['/app/src/AppRoot.tsx'] },
  'assets/vendor-admin.js': { type: 'chunk', fileName: 'assets/vendor-admin.js', imports: ['assets/vendor-react.js'], moduleIds: ['/app/node_modules/react-admin/index.js'] },
  'assets/app-screens.js': { type: 'chunk', fileName: 'assets/app-screens.js', imports: ['assets/app-shell.js'], moduleIds: ['/app/src/generic/list/ResourceListPage.tsx'] },
  'assets/main.css': { type: 'asset', fileName: 'assets/main.css' },
};

/** Runs the inline script against a page at `pathname` whose storage holds `stored`; the hrefs of the links it added. */
function linksAddedAt(pathname: string, stored: Record<string, string> | 'refused') {
  const added: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const localStorage = {
    getItem: (key: string) => {
      if (stored === 'refused') throw new DOMException('The operation is insecure.', 'SecurityError');
      return stored[key] ?? null;
    },
  };
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null as string | null }),
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
  };
  const body = earlyChunksScript(['/assets/app-shell.js', '/assets/vendor-admin.js']).replace(/^<script>|<\/script>$/g, '');
  new Function('localStorage', 'location', 'document', body)(localStorage, { pathname }, document);
  return added;
}

describe('a signed-in cold load asks for the app’s chunks with the entry’s', () => {
  it('names the chunks of the shell and the first screens with those they import, without the entry’s own', () => {
    const files = chunkFilesOf(bundle, ['/app/src/AppRoot.tsx', '/app/src/generic/list/ResourceListPage.tsx'], new Set(['assets/main.js', 'assets/vendor-react.js']));
    expect(files.sort()).toEqual(['assets/app-screens.js', 'assets/app-shell.js', 'assets/vendor-admin.js']);
  });

  it('fails the build when a first screen is in no chunk (a renamed file)', () => {
    expect(() => chunkFilesOf(bundle, ['/app/src/Gone.tsx'], new Set())).toThrow(/no chunk holds/);
  });

  it('asks for them, to be fetched and not run, when the stored session has a token', () => {
    const links = linksAddedAt('/signalements', { [TOKEN_KEY]: 'jwt' });
    expect(links.map((link) => [link.rel, link.href, link.crossOrigin])).toEqual([
      ['modulepreload', '/assets/app-shell.js', ''],
      ['modulepreload', '/assets/vendor-admin.js', ''],
    ]);
    expect(linksAddedAt('/', { [TOKEN_KEY]: 'jwt' })).toHaveLength(2);
  });

  it('asks for nothing on a first visit, on /login, on the pages of the e-mails, or when storage is refused', () => {
    expect(linksAddedAt('/signalements', {})).toEqual([]);
    expect(linksAddedAt('/login', { [TOKEN_KEY]: 'jwt' })).toEqual([]);
    expect(linksAddedAt('/activer-mon-compte', { [TOKEN_KEY]: 'jwt' })).toEqual([]);
    expect(linksAddedAt('/signalements', 'refused')).toEqual([]);
  });
});
