import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/**
 * `vite build` of the SPA pointed at `apiUrl`, into `outDir`, with source maps written beside the files and named by
 * none of them (the cold load's profile maps its samples back to the source files; the pages load nothing more).
 */
export function buildSpa(root: string, outDir: string, apiUrl: string) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', '--sourcemap', 'hidden', ...(process.env.BENCH_SPA_MINIFY === '0' ? ['--minify', 'false'] : [])], {
    cwd: root,
    // vitest sets NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: apiUrl, VITE_SOCKET_URL: apiUrl },
    stdio: 'inherit',
  });
}

/** The gzipped size of a built file (what a server compressing at level 9 sends). */
const gzipCache = new Map<string, number>();
export function gzippedSize(file: string): number {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file)!;
}

/** The backend's addresses, which production's balancer and `npm start` send through to the backend (vite.config.ts). */
const BACKEND_ROUTE = /^\/(api|uploads|open311|socket\.io)(\/|$)|^\/_(health|ready)$/;

/** A request passed through to the backend as is, its answer back as is. */
function passThrough(req: IncomingMessage, res: ServerResponse, backend: URL) {
  const upstream = request({ host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/** A WebSocket upgrade (socket.io) passed through: the request's head written to the backend, then both ways piped. */
function passUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, backend: URL) {
  const upstream = connect(Number(backend.port), backend.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
}

/**
 * The built SPA served as a production server would: gzip for text, long caching of the hashed
 * assets, index.html for every route but the citizens' page's (signaler.html), as vite preview does (it compresses
 * nothing, which a phone would pay for). With `backendUrl`, the backend's routes on the same address, as behind
 * production's balancer and `npm start`: the app built for its own address (`/`) calls the API without a CORS preflight.
 */
export function serveSpa(dist: string, port: number, backendUrl?: string): Promise<Server> {
  const backend = backendUrl ? new URL(backendUrl) : undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (backend && BACKEND_ROUTE.test(url.pathname)) return passThrough(req, res, backend);
    let file = path.join(dist, decodeURIComponent(url.pathname));
    // The citizens' page is signaler.html at every address under /signaler; the back-office is index.html elsewhere.
    const fallback = /^\/signaler(\/|$)/.test(url.pathname) ? 'signaler.html' : 'index.html';
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, fallback);
    const ext = path.extname(file);
    const type = TYPES[ext] ?? 'application/octet-stream';
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache' };
    if (/text|javascript|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const body = gzipSync(readFileSync(file), { level: 9 });
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) });
      res.end(body);
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  if (backend) server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => (BACKEND_ROUTE.test(new URL(req.url ?? '/', 'http://localhost').pathname) ? passUpgrade(req, socket, head, backend) : socket.destroy()));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
