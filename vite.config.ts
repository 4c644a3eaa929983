import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, 'client');

// zod re-exports every translation of its messages as `z.locales`, which the bundler cannot drop
// (about 260 kB on each page with a form). We use only its default English messages.
const withoutZodLocales: Plugin = {
  name: 'without-zod-locales',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../locales/index.js' && importer?.includes('/node_modules/zod/')) return '\0zod-locales';
  },
  load(id) {
    if (id === '\0zod-locales') return 'export {};';
  },
};

export default defineConfig({
  root,
  plugins: [withoutZodLocales, react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(root, 'src'),
      '@shared': path.resolve(import.meta.dirname, 'shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.CLIENT_DIST ?? 'dist/public'),
    emptyOutDir: true,
    // The server finds the finder's entries (served with a prerendered scan or conversation page) in the manifest.
    manifest: true,
    rolldownOptions: {
      input: {
        index: path.resolve(root, 'index.html'),
        scan: path.resolve(root, 'src/scan-main.tsx'),
        conversation: path.resolve(root, 'src/conversation-main.tsx'),
      },
      // React in one chunk of its own, shared by both entries and cached across them.
      output: {
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
    // The scan page must stay small on a weak signal; a warning here means a route pulled in too much.
    chunkSizeWarningLimit: 300,
  },
});
