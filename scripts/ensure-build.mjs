// `npm start` builds the client only when the build is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = path.join(process.env.CLIENT_DIST ?? 'dist/public', 'index.html');
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }, 0);

const sources = Math.max(newest('client'), newest('shared'), fs.statSync('vite.config.ts').mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the client…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
