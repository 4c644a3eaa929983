import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded';

const dataDir = path.resolve('.data', `private-${crypto.randomBytes(4).toString('hex')}`);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Everything in `dir` that another user of the machine could read, write or enter: its mode, its name. */
function openToOthers(dir: string) {
  const entries = fs.readdirSync(dir, { withFileTypes: true, recursive: true });
  return [dir, ...entries.map((entry) => path.join(entry.parentPath, entry.name))]
    .map((file) => ({ file: path.relative(dir, file) || '.', mode: fs.lstatSync(file).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o077) !== 0);
}

describe('the embedded database', () => {
  it('when it starts and stops, then its directory and files are this user’s alone, and it takes connections only on a socket inside that directory', async () => {
    const embedded = await startEmbeddedPostgres(dataDir, 2);
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(fs.statSync(path.join(dataDir, 'homeward-socket.json')).mode & 0o777).toBe(0o600);
      // No TCP port another user could reach: the socket sits in the private directory.
      expect(embedded.url).not.toMatch(/127\.0\.0\.1|localhost/);
      expect(runningEmbeddedPostgres(dataDir)).toBe(embedded.url);
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await embedded.stop();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);

  it('when its directory was made before, open to all, then starting makes it private', async () => {
    fs.chmodSync(dataDir, 0o777);
    const embedded = await startEmbeddedPostgres(dataDir, 1);
    await embedded.stop();
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);
});
