// The process under measurement: the real app, plus a static HTML page of the scan page's content
// (its CSS inline, the photo in the size it is shown) as the page baseline. The API's baseline, a bare Express handler, runs in a
// process of its own (bare-handler.ts). Prints one JSON line with its address, the database it
// uses, its pool size and the seeded ids when ready.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { runMigrations } from '../server/db/migrate';
import { seedCatalogue } from '../server/db/seed';
import { presentPublicPet } from '../server/features/pets/pets.presenter';
import { preparePublicPetQuery } from '../server/features/pets/pets.repository';
import { setLogLevel } from '../server/lib/logger';
import { photoSrcSet } from '../shared/contracts/photos';
import { seedBenchData } from './seed';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const server = http.createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
});
setLogLevel(config.logLevel);
let database = await openDatabase(config.database);
await runMigrations(database.pool);
await seedCatalogue(database.db);
const data = await seedBenchData(database.db);
// The bare handler's copy of the embedded database (bare-handler.ts), taken while it is closed.
const bareDataDir = process.env.BARE_DATA_DIR;
if (config.database.mode === 'embedded' && bareDataDir) {
  await database.close();
  fs.cpSync(config.database.dataDir, bareDataDir, { recursive: true });
  database = await openDatabase(config.database);
}
// `BENCH_CLIENT=none` when only the API is measured: no built client needed, and the API's path is the same.
const { app } = await createApp({ config, database, client: process.env.BENCH_CLIENT === 'none' ? 'none' : 'static' });

const baselines = express.Router();
const findPublicPet = preparePublicPetQuery(database.db, { named: database.namedStatements });
baselines.get('/static-scan/:id', async (req, res) => {
  const row = await findPublicPet(req.params.id);
  if (!row) return void res.sendStatus(404);
  const pet = presentPublicPet(row);
  res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(pet.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1c1917}header{background:#b91c1c;color:#fff;padding:1rem;text-align:center}
img{width:160px;height:160px;border-radius:50%;object-fit:cover;display:block;margin:1rem auto}main{padding:1rem;max-width:32rem;margin:auto}
a.call{display:block;background:#b91c1c;color:#fff;text-align:center;padding:1rem;border-radius:.5rem;font-weight:700;text-decoration:none}</style>
</head><body><header><p>MISSING PET</p><h1>Help Reunite ${escapeHtml(pet.name)} with Their Family!</h1></header><main>
<img src="${escapeHtml(pet.photoUrl ?? '')}" srcset="${escapeHtml(photoSrcSet(pet.photoUrl ?? '') ?? '')}" sizes="160px"
 alt="${escapeHtml(pet.name)}" width="160" height="160" fetchpriority="high">
<h2>${escapeHtml(pet.name)}</h2><p>${escapeHtml(pet.breed ?? pet.species)}</p>
<a class="call" href="tel:${escapeHtml(pet.ownerPhone ?? '')}">Call Owner</a><p>${escapeHtml(pet.ownerName ?? '')} · ${escapeHtml(pet.ownerPhone ?? '')}</p>
<h3>About</h3><p>${escapeHtml(pet.age ?? '')} · ${escapeHtml(pet.weight ?? '')} · ${escapeHtml(pet.color ?? '')}</p>
<p>${escapeHtml(pet.medicalNotes ?? '')}</p><p>${escapeHtml(pet.specialNeeds ?? '')}</p></main></body></html>`);
});

// The plan of every per-owner query, on the seeded data: each should use its index.
const perOwnerQueries: Record<string, string> = {
  'pets by owner': 'select * from pets where user_id = $1 order by created_at desc',
  'reminders by owner': 'select * from reminders where user_id = $1 order by due_date',
  'orders by owner': 'select * from orders where user_id = $1 order by created_at desc',
  'notifications by owner': 'select * from notifications where user_id = $1',
  'finder reports by pet': 'select * from gps_pings where pet_id = $2 order by created_at desc',
};
baselines.get('/explain/:userId/:petId', async (req, res) => {
  const plans: Record<string, string> = {};
  for (const [name, text] of Object.entries(perOwnerQueries)) {
    const params = text.includes('$2') ? [req.params.petId] : [req.params.userId];
    const { rows } = await database.pool.query(`explain ${text.replace('$2', '$1')}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']).join(' ');
    plans[name] =
      plan.match(/Index(?: Only)? Scan(?: Backward)? using \w+|Bitmap Index Scan on \w+|Seq Scan on \w+/)?.[0] ?? plan;
  }
  res.json(plans);
});

// The app answers its requests itself, as in production: mounted inside another app, every request
// would pay for a layer the app does not have.
const bench = express().use('/__bench', baselines);
server.on('request', (req, res) => (req.url?.startsWith('/__bench/') ? bench : app)(req, res));
const { rows } = await database.pool.query<{ id: string }>(
  "select id from users where email = 'bench-owner@homeward.test'",
);
console.log(
  JSON.stringify({
    ready: true,
    url: config.publicUrl,
    // The bare handler connects where the app does, or opens its copy of the embedded database; with as many connections.
    bareDatabase: bareDataDir ? { DATA_DIR: bareDataDir } : { DATABASE_URL: database.pool.options.connectionString },
    poolSize: database.pool.options.max,
    ownerId: rows[0].id,
    ...data,
  }),
);

process.on('SIGTERM', async () => {
  server.closeAllConnections();
  server.close();
  await database.close();
  process.exit(0);
});
