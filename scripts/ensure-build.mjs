// `npm start` builds the client only when the build is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dist = process.env.CLIENT_DIST ?? 'dist/public';
const built = path.join(dist, 'index.html');
// The scan page's build runs after the app's: a build without it is unfinished.
const scanBuilt = path.join(dist, '.vite', 'scan-manifest.json');
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }, 0);

const sources = Math.max(
  newest('client'),
  newest('shared'),
  fs.statSync('vite.config.ts').mtimeMs,
  fs.statSync('vite.scan.config.ts').mtimeMs,
);
if (!fs.existsSync(built) || !fs.existsSync(scanBuilt) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the client…');
  // The app, then the scan page's build of its own (vite.scan.config.ts) beside it.
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  execSync('npx vite build --config vite.scan.config.ts --logLevel warn', { stdio: 'inherit' });
}
