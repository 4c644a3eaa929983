import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { logger } from '../lib/logger';

// PGlite lets one process at a time use a data directory. The process that has it open writes its
// socket address here, so a command run beside the server (npm run orders) connects through it.
const ADDRESS_FILE = 'homeward-socket.json';

// `pg` looks for `.s.PGSQL.{port}` in a socket directory. Each server picks a port number of its
// own, so that a second server on the same directory (a test's restarted app, opened before the
// first is closed) never takes over or removes the first one's socket.
const socketFile = (port: number) => `.s.PGSQL.${port}`;
const freeSocketPort = (dataDir: string) => {
  for (;;) {
    const port = 10_000 + crypto.randomInt(50_000);
    if (!fs.existsSync(path.join(dataDir, socketFile(port)))) return port;
  }
};
// A Unix socket's path is limited to about 107 bytes; past this, loopback TCP is the fallback.
const SOCKET_PATH_MAX = 100;

/** The contrib extensions the migrations create: the lost-pets board's nearby query needs them. */
export const PGLITE_EXTENSIONS = { cube, earthdistance };

/**
 * Makes the data directory this user's alone: the directory and every directory in it 0700, every
 * file (the socket included) 0600. PGlite writes its files 0666 whatever the umask, so this runs
 * when the database opens and once it is closed; in between, the directory's 0700 keeps other
 * users from reaching any file in it.
 */
function keepPrivate(dataDir: string) {
  fs.chmodSync(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(file, 0o700);
    else if (entry.isFile() || entry.isSocket()) fs.chmodSync(file, 0o600);
  }
}

/**
 * Starts PGlite and serves it to `pg` on a Unix socket inside the data directory, so that only this
 * user can connect (pglite-socket checks no password: PGlite accepts any). Answers a connection
 * string for `pg`.
 */
export async function startEmbeddedPostgres(dataDir: string, maxConnections: number) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  keepPrivate(dataDir);
  const db = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  const socketPort = freeSocketPort(dataDir);
  const socketPath = path.join(dataDir, socketFile(socketPort));
  const onSocket = socketPath.length <= SOCKET_PATH_MAX;
  if (!onSocket) logger.warn('DATA_DIR is too long a path for a socket: the embedded database listens on loopback TCP');
  const server = new PGLiteSocketServer({
    db,
    maxConnections,
    ...(onSocket ? { path: socketPath } : { host: '127.0.0.1', port: 0 }),
  });
  await server.start();
  const url = onSocket
    ? `postgres://postgres@${encodeURIComponent(dataDir)}:${socketPort}/postgres?sslmode=disable`
    : `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  const addressFile = path.join(dataDir, ADDRESS_FILE);
  fs.writeFileSync(addressFile, JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
  keepPrivate(dataDir);
  return {
    url,
    async stop() {
      fs.rmSync(addressFile, { force: true });
      await server.stop();
      await db.close();
      keepPrivate(dataDir);
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
