import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { PUSH_SERVICE_CA } from './tests/support/push-service-ca.ts';

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
    globalSetup: ['tests/support/api-global-setup.ts'],
    setupFiles: ['tests/support/api-test-setup.ts'],
    // Given to each worker as it starts: the server under test sends alerts to the test push service.
    env: { NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CA },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each worker opens its own embedded database; two cores do not gain from more.
    maxWorkers: 2,
    // A worker's files share their modules: each file still starts its own app and database
    // (tests/support/test-app.ts), and importing the server's modules anew for every file took half
    // the run. Module state a test relies on (the log's level) it sets itself.
    isolate: false,
    fileParallelism: true,
  },
});
