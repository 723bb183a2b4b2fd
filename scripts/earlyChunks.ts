import path from 'node:path';
import type { Plugin } from 'vite';
import { PUBLIC_PATHS } from '../src/custom/login/publicPaths.ts';
import { TOKEN_KEY } from '../src/providers/session.ts';

/**
 * A signed-in cold load asks for the app's chunks (AppRoot's: react-admin, the shell) and the first screens' with the
 * entry's, as the HTML is read, instead of once the entry's own files have arrived and run (main.tsx imports AppRoot
 * only then: on a phone's network, a round trip and the entry's evaluation later). A classic script in index.html's head,
 * after the entry's own links: when the stored session has a token and the address is the app's (not a public page, not the
 * first visit's /login), it adds a `modulepreload` link per file. The files are fetched, not run: main.tsx still
 * decides what runs. A first visit's /login asks for nothing more.
 */

/** What this reads of Vite's bundle: its chunks' files, static imports and modules. */
type Bundle = Record<string, { type: string; fileName: string; imports?: string[]; moduleIds?: string[] }>;

/** The chunk holding `source` and the chunks it imports statically, without those the entry's HTML already asks for. */
export function chunkFilesOf(bundle: Bundle, sources: string[], alreadyAsked: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || alreadyAsked.has(fileName)) return;
    files.add(fileName);
    for (const imported of bundle[fileName]?.imports ?? []) visit(imported);
  };
  for (const source of sources) {
    const chunk = chunks.find((c) => c.moduleIds?.includes(source));
    if (!chunk) throw new Error(`earlyChunks: no chunk holds ${source}`);
    visit(chunk.fileName);
  }
  return [...files];
}

/** The inline script: ES5, no module, no dependency; a storage that refuses (private mode) asks for nothing. */
export function earlyChunksScript(urls: string[]): string {
  return `<script>try{(function(p){if(!localStorage.getItem(${JSON.stringify(TOKEN_KEY)})||${JSON.stringify(['/login', ...PUBLIC_PATHS])}.indexOf(p)>=0)return;${JSON.stringify(urls)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)})})(location.pathname)}catch(e){}</script>`;
}

/**
 * `sources`: the app's modules whose chunks a signed-in load needs first (AppRoot and the first screens), absolute
 * paths. A signed-in visit of /login shows the app too (main.tsx), but that is a return after a logout: rare, and its
 * chunks are then asked by main.tsx as before.
 */
export function earlyChunks(sources: string[]): Plugin {
  let base = '/';
  return {
    name: 'early-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || path.basename(ctx.filename) !== 'index.html') return html;
        const asked = new Set([...html.matchAll(/(?:src|href)="[^"]*?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
        const urls = chunkFilesOf(ctx.bundle as unknown as Bundle, sources, asked).map((file) => `${base}${file}`);
        // After the entry's own links (the browser asks for what the entry needs first), before any stylesheet: a
        // classic script waits for the stylesheets above it.
        const script = earlyChunksScript(urls);
        const lastPreload = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].at(-1);
        if (!lastPreload) return html.replace('</head>', `  ${script}\n  </head>`);
        const at = lastPreload.index + lastPreload[0].length;
        return `${html.slice(0, at)}\n    ${script}${html.slice(at)}`;
      },
    },
  };
}
