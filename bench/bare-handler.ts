// The baseline the API is measured against: what someone would write for "read one pet" and "list
// my pets" with nothing but Express and `pg`, in a process of its own (so it shares no event loop,
// heap or garbage collector with the app). It imports nothing of the app on purpose.
// On the embedded database it serves a copy of the seeded data from PGlite in its own process, behind
// a socket, as the app serves its own: a handler that sent its queries to the app's process would
// have that process's core as well as its own.
// Usage: DATABASE_URL=… | DATA_DIR=…, POOL_SIZE=… node bench/bare-handler.ts; prints {"url":…} when listening.
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import express from 'express';
import pg from 'pg';

async function connectionString() {
  if (!process.env.DATA_DIR) return process.env.DATABASE_URL;
  // The app's migrations create these: a data directory holding them opens only with them.
  const db = await PGlite.create(process.env.DATA_DIR, { extensions: { cube, earthdistance } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  return `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
}

const pool = new pg.Pool({ connectionString: await connectionString(), max: Number(process.env.POOL_SIZE ?? 10) });
const app = express();

app.get('/pets/:id', async (req, res) => {
  const { rows } = await pool.query('SELECT * FROM pets WHERE id = $1', [req.params.id]);
  if (rows.length === 0) return void res.sendStatus(404);
  res.json(rows[0]);
});

app.get('/owner-pets/:userId', async (req, res) => {
  const { rows } = await pool.query('SELECT * FROM pets WHERE user_id = $1 ORDER BY created_at DESC', [
    req.params.userId,
  ]);
  res.json(rows);
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});

process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
  void pool.end().then(() => process.exit(0));
});
