import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = path.resolve(import.meta.dirname, 'client');

// zod re-exports every translation of its messages as `z.locales`, which the bundler cannot drop
// (about 260 kB on each page with a form). We use only its default English messages.
export const withoutZodLocales: Plugin = {
  name: 'without-zod-locales',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../locales/index.js' && importer?.includes('/node_modules/zod/')) return '\0zod-locales';
  },
  load(id) {
    if (id === '\0zod-locales') return 'export {};';
  },
};

// The installable app: its manifest (linked from index.html) and its service worker, built from
// src/sw.ts. Nothing registers the worker on load: the alerts feature does when an owner turns
// alerts on, and the finder's scan page never does.
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  // The worker shows alerts and caches nothing, so there is no precache list to inject.
  injectManifest: { injectionPoint: undefined },
  // `npm run dev` serves the worker from its source, as a module (see browser-push.ts).
  devOptions: { enabled: true, type: 'module' },
  manifest: {
    id: '/',
    name: 'Homeward',
    short_name: 'Homeward',
    description: 'Homeward keeps your pets safe: QR tags, lost pet alerts and care reminders.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#fffaf3',
    theme_color: '#0f766e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/** Where the client's sources import from: `@/…` (client/src) and `@shared/…`. */
export const sourceAliases = {
  '@': path.resolve(root, 'src'),
  '@shared': path.resolve(import.meta.dirname, 'shared'),
};

// The app. The finder's scan page has a build of its own, on Preact (vite.scan.config.ts), run
// after this one into the same folder: `npm run build` runs both.
export default defineConfig({
  root,
  plugins: [withoutZodLocales, react(), tailwindcss(), installableApp],
  resolve: { alias: sourceAliases },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.CLIENT_DIST ?? 'dist/public'),
    emptyOutDir: true,
    // The server finds the finder's entries (served with a prerendered conversation page, or the lost-pets board) in the manifest.
    manifest: true,
    rolldownOptions: {
      input: {
        index: path.resolve(root, 'index.html'),
        conversation: path.resolve(root, 'src/conversation-main.tsx'),
        lost: path.resolve(root, 'src/lost-main.ts'),
        foundReport: path.resolve(root, 'src/found-report-main.ts'),
        landing: path.resolve(root, 'src/landing-main.ts'),
      },
      // React in one chunk of its own, shared by the entries and cached across them.
      output: {
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
    // The scan page must stay small on a weak signal; a warning here means a route pulled in too much.
    chunkSizeWarningLimit: 300,
  },
});
