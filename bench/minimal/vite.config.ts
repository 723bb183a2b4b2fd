import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The bench's minimal react-admin app (main.tsx), built by the project's own vite into one bundle. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The back-office's own shim, so that both builds bundle the same polyglot.
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('../../src/shims/object-entries.cjs', import.meta.url)) } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
