// The baseline the API is measured against: what someone would write for "read one pet" and "list
// my pets" with nothing but Express and `pg`, in a process of its own (so it shares no event loop,
// heap or garbage collector with the app). It imports nothing of the app on purpose.
// Usage: DATABASE_URL=… POOL_SIZE=… node bench/bare-handler.ts; prints {"url":…} when listening.
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
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
