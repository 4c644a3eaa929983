// Runs the browser tests in Debian's Chromium. Without a browser they are skipped with a clear
// message, except in CI, where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const message = `Browser tests need Chromium at ${chromium} (set CHROMIUM_PATH, or apt-get install chromium).`;
  if (process.env.CI === 'true') {
    console.error(`${message} CI=true: failing.`);
    process.exit(1);
  }
  console.warn(`${message} Skipping the browser tests.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
