import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts, whose `root: 'client'` would hide the server tests.
export default defineConfig({
  // The server renders some client components (the scan page), which import through these aliases.
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'client/src'),
      '@shared': path.resolve(import.meta.dirname, 'shared'),
    },
  },
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/support/api-test-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each worker opens its own embedded database; two cores do not gain from more.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
