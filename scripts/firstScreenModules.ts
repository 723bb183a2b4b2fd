import path from 'node:path';
import { build, type PluginOption } from 'vite';

/**
 * The libraries' modules the first screens run: a build of those screens alone (every lazy `import()` left out),
 * whose output says which modules kept code after tree-shaking. The back-office's build keeps its libraries' first
 * file (MUI, react-admin) to them; the forms, inputs and dialogs of later screens go to a file those screens load.
 * The modules a screen imports are not enough: react-admin and MUI are read through their index files, which
 * import every component, and tree-shaking alone knows what is used.
 */
export async function firstScreenModules({ root, entries, plugins, alias }: { root: string; entries: string[]; plugins: PluginOption[]; alias: Record<string, string> }): Promise<Set<string>> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    mode: 'production',
    plugins: [
      ...plugins,
      {
        name: 'first-screens-only',
        enforce: 'pre',
        // A lazy screen is not the first screen's: left outside this build.
        resolveId(source, _importer, options) {
          if ((options as { kind?: string }).kind === 'dynamic-import') return { id: source, external: true };
          return null;
        },
      },
    ],
    resolve: { alias },
    build: { write: false, minify: false, sourcemap: true, copyPublicDir: false, modulePreload: false, rolldownOptions: { input: entries, preserveEntrySignatures: 'strict' } },
  });
  const modules = new Set<string>();
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) continue;
    for (const item of result.output) {
      if (item.type !== 'chunk') continue;
      // The chunk's source map names every module whose code it kept (its `modules` list leaves some out).
      for (const source of item.map?.sources ?? []) modules.add(path.resolve(root, 'dist', path.dirname(item.fileName), source));
    }
  }
  return modules;
}
