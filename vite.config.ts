import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The back-office SPA. Routes and screens are split into lazy chunks (React.lazy in the resource
 * registry and App.tsx); the heavy libraries get their own long-lived vendor chunks so a screen's
 * chunk holds only its own code.
 */
export default defineConfig({
  plugins: [react()],
  server: { port: 5173 },
  preview: { port: 5173 },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 30 },
            // The charts (MUI X) load with the dashboard's lazy chart chunk only, never with the shell.
            { name: 'vendor-charts', test: /node_modules[\\/](@mui[\\/]x-[^\\/]+|d3-[^\\/]+|internmap|flatqueue|bezier-easing)[\\/]/, priority: 15 },
            { name: 'vendor-mui', test: /node_modules[\\/](@mui[\\/](?!x-)[^\\/]+|@emotion[\\/][^\\/]+)[\\/]/, priority: 20 },
            { name: 'vendor-ra', test: /node_modules[\\/](react-admin|ra-[^\\/]+|@tanstack|react-hook-form|lodash|inflection|query-string)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
