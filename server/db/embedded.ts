import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// PGlite lets one process at a time use a data directory. The process that has it open writes its
// socket address here, so a command run beside the server (npm run orders) connects through it.
const ADDRESS_FILE = 'homeward-socket.json';

/** The contrib extensions the migrations create: the lost-pets board's nearby query needs them. */
export const PGLITE_EXTENSIONS = { cube, earthdistance };

/** Starts PGlite on a private loopback port and returns a connection string for `pg`. */
export async function startEmbeddedPostgres(dataDir: string, maxConnections: number) {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  const addressFile = path.join(dataDir, ADDRESS_FILE);
  fs.writeFileSync(addressFile, JSON.stringify({ url, pid: process.pid }));
  return {
    url,
    async stop() {
      fs.rmSync(addressFile, { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** The connection string of the embedded database another live process is serving from `dataDir`. */
export function runningEmbeddedPostgres(dataDir: string): string | undefined {
  try {
    const { url, pid } = JSON.parse(fs.readFileSync(path.join(dataDir, ADDRESS_FILE), 'utf8'));
    process.kill(pid, 0);
    return typeof url === 'string' ? url : undefined;
  } catch {
    // No file, or its process is gone (a crash leaves the file behind).
    return undefined;
  }
}
