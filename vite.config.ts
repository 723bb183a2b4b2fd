import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The back-office SPA. Routes and screens are split into lazy chunks (React.lazy in the resource
 * registry and App.tsx, main.tsx's standalone /login); libraries land in the chunks of the routes
 * that use them (the charts, maps and editor with their screens), React alone in a chunk of its own.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    // ra-i18n-polyglot's node-polyglot polyfills Object.entries (get-intrinsic and its kin): the browser's own.
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
  },
  server: { port: 5173 },
  preview: { port: 5173 },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React alone, long-lived: the standalone /login needs it, not the router. No other vendor group:
            // a group drags in what its modules import (MUI's core would follow react-admin into its chunk and
            // load with /login), so react-admin, MUI, the charts, maps and editor split where they are used.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
