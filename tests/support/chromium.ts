import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Chromium every browser test, screenshot and bench run drives: by default the headless Chromium that ships
 * inside the npm package @sparticuz/chromium, so a machine with nothing but Node runs the same browser version as
 * CI (no Debian package, no download at run time). `CHROMIUM_PATH` chooses another (e.g. Debian's
 * /usr/bin/chromium-headless-shell or /usr/bin/chromium).
 *
 * Why this package: it is the maintained one that carries the browser in the package itself (brotli-compressed,
 * ~65 MB) rather than fetching it at install or run time like Playwright's and Puppeteer's installers, which this
 * project's machines cannot reach. Its build is Chromium's headless shell: the engine without the desktop browser,
 * what Playwright itself runs for headless tests.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const packageDir = path.join(root, 'node_modules', '@sparticuz', 'chromium');

/** Unpacked once per clone and version, under node_modules/.cache (removed with node_modules, never committed). */
const cacheDir = path.join(root, 'node_modules', '.cache', 'chromium');

let unpacking: Promise<string> | undefined;

async function unpack(): Promise<string> {
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(cacheDir, version);
  const binary = path.join(target, 'chromium');
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  // The package unpacks into os.tmpdir() and takes an existing file there as finished: unpack into a folder of our
  // own, then move it into place in one rename, so two processes starting together never run a half-written binary.
  const staging = mkdtempSync(path.join(cacheDir, 'unpacking-'));
  const savedTmp = process.env.TMPDIR;
  try {
    process.env.TMPDIR = staging;
    const { default: packaged } = (await import('@sparticuz/chromium')) as { default: { executablePath(): Promise<string> } };
    await packaged.executablePath();
  } finally {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  }
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another process finished first: its copy is the same.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}

/** The path of the Chromium to launch: `CHROMIUM_PATH`, else the packaged one (unpacked on first use, ~2 s). */
export function chromiumPath(): Promise<string> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return Promise.resolve(chosen);
  unpacking ??= unpack();
  return unpacking;
}
