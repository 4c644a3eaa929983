import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CONFIG_VARIABLES } from './server/config';
import { CHROMIUM_FLAGS } from './tests/support/chromium-flags.ts';
import { PUSH_SERVICE_CA } from './tests/support/push-service-ca.ts';
import { TEST_TILE_ATTRIBUTION } from './tests/support/tile-server.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** Shared with the test workers, which read the database and sign people in directly (fixtures.ts). */
export const E2E_SESSION_SECRET = 'homeward-browser-tests-session-secret';
// A fresh embedded database for every run, unless DATABASE_URL points at PostgreSQL. Set once by the
// runner; its workers inherit the variable and so find the same directory.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `homeward-e2e-${process.pid}-${Date.now()}`);
// Where the alerts tests run their push service: the server is told at start-up that it may send there.
export const pushServicePort = Number(process.env.E2E_PUSH_PORT ?? port + 1000);
// Where the maps' tiles come from: a tile server of the tests' own, for the whole run.
export const tileServerOrigin = `http://127.0.0.1:${Number(process.env.E2E_TILE_PORT ?? port + 2000)}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so runs side by side never clear each other's results.
  outputDir: `test-results/${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node --import tsx tests/support/run-tile-server.ts ${new URL(tileServerOrigin).port}`,
      url: `${tileServerOrigin}/0/0/0.png`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/ensure-build.mjs && node --import tsx server/index.ts',
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // Playwright adds its own environment: every setting but the database is blanked (blank is
      // unset), so a developer's SMTP_URL or STRIPE_SECRET_KEY never reaches the server under test.
      env: {
        ...Object.fromEntries(CONFIG_VARIABLES.filter((name) => name !== 'DATABASE_URL').map((name) => [name, ''])),
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SESSION_SECRET: E2E_SESSION_SECRET,
        LOG_LEVEL: 'warn',
        // Every test signs in from this one address.
        SIGN_IN_RATE_LIMIT: '100000',
        PUSH_EXTRA_HOSTS: `127.0.0.1:${pushServicePort}`,
        NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CA,
        MAP_TILE_URL: `${tileServerOrigin}/{z}/{x}/{y}.png`,
        MAP_ATTRIBUTION: TEST_TILE_ATTRIBUTION,
      },
    },
  ],
});
