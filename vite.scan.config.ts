import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceAliases, withoutZodLocales } from './vite.config.ts';

const root = path.resolve(import.meta.dirname, 'client');

/**
 * The finder's scan page (src/scan-main.tsx), built on its own with Preact in React's place: React
 * and React DOM alone were 66 of the 90 kB (gzip) a finder on a weak signal downloaded, Preact with
 * its React compatibility layer is about 8 (docs/decisions/0030-the-finders-page-renders-once.md).
 * The components are the app's, unchanged; the server renders the page with React DOM, and Preact
 * hydrates that HTML as it is. What the page loads on demand (the Share Location dialog, the toast)
 * is built here too, so on Preact as well. Runs after the app's build, into the same folder, with a
 * manifest of its own (the server reads both).
 */
export default defineConfig({
  root,
  plugins: [withoutZodLocales, react()],
  resolve: {
    alias: [
      ...Object.entries(sourceAliases).map(([find, replacement]) => ({ find, replacement })),
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.CLIENT_DIST ?? 'dist/public'),
    // The app's build is already there.
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/scan-manifest.json',
    rolldownOptions: { input: { scan: path.resolve(root, 'src/scan-main.tsx') } },
    // A warning here means the scan page pulled in too much (its first load's budget is 60 kB
    // gzip, some 150 kB before compression).
    chunkSizeWarningLimit: 120,
  },
});
