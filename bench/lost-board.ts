// The lost-pets board's nearby query at 10,000 and at 1,000,000 pets on PostgreSQL: its cost must
// follow the missing pets near the point, not the size of the country (DESIGN.md section 7).
// Seeds a database of its own with generate_series (seconds, not minutes), 2% of the pets missing,
// spread over a country-sized area, and times the repository's own query from random points in it.
// Run alone with `npm run bench -- lost-board` (needs DATABASE_URL).

import os from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/connection';
import { runMigrations } from '../server/db/migrate';
import { findLostPetsNear } from '../server/features/lost-pets/lost-pets.repository';
import { LOST_BOARD_LIMIT } from '../shared/contracts/places';

const SIZES = [10_000, 1_000_000] as const;
// About France's size: 7° of latitude by 9° of longitude, some 780 by 680 km.
const AREA = { south: 42.5, north: 49.5, west: -1.5, east: 7.5 };
const MISSING_EVERY = 50; // 2%
const QUERIES = 1000;
const RADIUS_KM = 5;

/** The same points for both sizes, drawn from a fixed seed: the two runs answer the same questions. */
function queryPoints(n: number) {
  let state = 20_251_125;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: n }, () => ({
    lat: AREA.south + next() * (AREA.north - AREA.south),
    lng: AREA.west + next() * (AREA.east - AREA.west),
  }));
}

/** A database of its own, made afresh, so that the sizes are exact. */
async function freshDatabase(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists homeward_bench_lost');
  await admin.query('create database homeward_bench_lost');
  await admin.end();
  const bench = new URL(url);
  bench.pathname = '/homeward_bench_lost';
  return bench.href;
}

/** The number `i` in the short codes' alphabet, seven digits: unique per number, no subquery per row. */
const shortCodeOf = (i: SQL) =>
  sql.join(
    Array.from(
      { length: 7 },
      (_, k) => sql`substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + ((${i} / ${31 ** k}::bigint) % 31)::int, 1)`,
    ),
    sql` || `,
  );

type Database = Awaited<ReturnType<typeof openDatabase>>;

/**
 * Pets `from`..`to` (numbers), every one with a last-seen point somewhere in the area, every 50th
 * missing. Short codes are the numbers written in the codes' alphabet: a random draw would collide
 * at a million.
 */
async function seedPets({ db }: Database, ownerId: string, from: number, to: number) {
  await db.execute(sql`
    insert into pets (user_id, name, species, owner_name, owner_phone, is_missing, last_seen_date,
                      last_seen_lat, last_seen_lng, short_code)
    select ${ownerId}, 'Pet ' || i, case when i % 3 = 0 then 'cat' else 'dog' end, 'Bench Owner', '555-0100',
           i % ${MISSING_EVERY} = 0, '2026-11-20',
           ${AREA.south} + random() * ${AREA.north - AREA.south}, ${AREA.west} + random() * ${AREA.east - AREA.west},
           ${shortCodeOf(sql`i`)}
    from generate_series(${from}::bigint, ${to}::bigint) i`);
  await db.execute(sql`analyze pets`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timeBoard({ db }: Database) {
  const points = queryPoints(QUERIES);
  // Warm-up: connections, plans and the index's pages in memory.
  for (const point of points.slice(0, 100)) await findLostPetsNear(db, point, RADIUS_KM);
  const times: number[] = [];
  let listed = 0;
  for (const point of points) {
    const started = performance.now();
    const rows = await findLostPetsNear(db, point, RADIUS_KM);
    times.push(performance.now() - started);
    listed += rows.length;
  }
  times.sort((a, b) => a - b);
  const ms = (x: number) => Number(x.toFixed(2));
  return {
    queries: QUERIES,
    p50Ms: ms(percentile(times, 0.5)),
    p99Ms: ms(percentile(times, 0.99)),
    meanListed: Number((listed / QUERIES).toFixed(2)),
  };
}

async function explain({ db }: Database) {
  const query = findLostPetsNear(db, queryPoints(1)[0], RADIUS_KM);
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
  return rows.map((row) => row['QUERY PLAN']);
}

export async function benchLostBoard(databaseUrl: string) {
  const database = await openDatabase(
    { mode: 'postgres', url: await freshDatabase(databaseUrl) },
    { queryTimeoutMs: 0 },
  );
  try {
    await runMigrations(database.pool);
    const { rows } = await database.db.execute<{ id: string }>(
      sql`insert into users (email, first_name, last_name) values ('bench-lost@homeward.test', 'Bench', 'Lost') returning id`,
    );
    const bySize: Record<
      string,
      { seedSeconds: number; loadAverage: number; board: Awaited<ReturnType<typeof timeBoard>> }
    > = {};
    let seeded = 0;
    for (const size of SIZES) {
      console.log(`== lost-pets board: seeding ${size.toLocaleString('en')} pets…`);
      const started = performance.now();
      await seedPets(database, rows[0].id, seeded + 1, size);
      seeded = size;
      const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
      // The machine's load beside each figure: a shared machine's seconds vary with it.
      bySize[size] = { seedSeconds, loadAverage: os.loadavg()[0], board: await timeBoard(database) };
      console.log(`   p50 ${bySize[size].board.p50Ms} ms, p99 ${bySize[size].board.p99Ms} ms`);
    }
    const [small, large] = SIZES.map((size) => bySize[size].board.p99Ms);
    const plan = await explain(database);
    return {
      area: AREA,
      missingShare: 1 / MISSING_EVERY,
      radiusKm: RADIUS_KM,
      limit: LOST_BOARD_LIMIT,
      sizes: bySize,
      p99Ratio: Number((large / small).toFixed(2)),
      usesIndex: plan.some((line) => line.includes('pets_lost_board_idx')),
      explain: plan,
    };
  } finally {
    await database.close();
  }
}
