// Watch My Area at scale, on PostgreSQL (DESIGN.md section 7): 100,000 watchers spread over a
// country and 10,000 more inside one city; a pet reported missing in that city. Prints how long the
// owner's request took, until every alert was queued and until every push was sent to a local push
// service, and the p99 of the watcher-matching query at 10,000 and at 100,000 watchers.
//
// The app's sender must trust the local push service's certificate, which Node reads only as a
// process starts: `benchWatchFanOut` runs this file in a process of its own with
// NODE_EXTRA_CA_CERTS set, and reads the one JSON line it prints.
// Alone: `BENCH_ONLY=watch npm run bench` (needs DATABASE_URL).

import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { runMigrations } from '../server/db/migrate';
import { watchersOf } from '../server/features/watch-areas/watch-areas.repository';
import { setLogLevel } from '../server/lib/logger';
import { PUSH_SERVICE_CA } from '../tests/support/push-service-ca';
import { startPushServiceThread } from './push-service-thread';

const COUNTRY_WATCHERS = [10_000, 100_000] as const;
const CITY_WATCHERS = 10_000;
// About France's size, as the lost-pets board's bench: 7° of latitude by 9° of longitude.
const AREA = { south: 42.5, north: 49.5, west: -1.5, east: 7.5 };
// Paris: where the pet goes missing, and where the city's watchers live (within 800 m of it, so
// that every one of their areas, 1 km at the least, holds the pet's point).
const CITY = { lat: 48.8566, lng: 2.3522 };
const CITY_SPREAD_KM = 0.8;
const QUERIES = 1000;
const RESULT_KEY = 'watchFanOut';

/** The same points for both sizes, from a fixed seed: the two runs answer the same questions. */
function queryPoints(n: number) {
  let state = 20_261_125;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: n }, () => ({
    lat: AREA.south + next() * (AREA.north - AREA.south),
    lng: AREA.west + next() * (AREA.east - AREA.west),
  }));
}

async function freshDatabase(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists homeward_bench_watch');
  await admin.query('create database homeward_bench_watch');
  await admin.end();
  const bench = new URL(url);
  bench.pathname = '/homeward_bench_watch';
  return bench.href;
}

type Database = Awaited<ReturnType<typeof openDatabase>>;

/** Watchers `from`..`to`, each an account with one area of 1, 2, 5 or 10 km somewhere in the country. */
async function seedCountryWatchers({ db }: Database, from: number, to: number) {
  await db.execute(sql`
    with people as (
      insert into users (email, first_name, last_name)
      select 'watcher-' || i || '@homeward.test', 'Watcher', 'Bench' from generate_series(${from}::int, ${to}::int) i
      returning id)
    insert into watch_areas (user_id, lat, lng, radius_km, push, email)
    select id, ${AREA.south} + random() * ${AREA.north - AREA.south}, ${AREA.west} + random() * ${AREA.east - AREA.west},
           (array[1, 2, 5, 10])[1 + floor(random() * 4)::int], true, false
    from people`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze watch_areas`);
}

/**
 * The city's watchers: accounts with an area around a point within CITY_SPREAD_KM of the city's
 * centre, push and e-mail on, and one device each, subscribed at the local push service.
 */
async function seedCityWatchers({ db }: Database, pushService: Awaited<ReturnType<typeof startPushServiceThread>>) {
  const kmPerDegreeLat = 111.2;
  const kmPerDegreeLng = 111.2 * Math.cos((CITY.lat * Math.PI) / 180);
  const { rows } = await db.execute<{ id: string }>(sql`
    with people as (
      insert into users (email, first_name, last_name)
      select 'city-watcher-' || i || '@homeward.test', 'City', 'Watcher' from generate_series(1, ${CITY_WATCHERS}) i
      returning id)
    insert into watch_areas (user_id, lat, lng, radius_km, push, email)
    select id,
           ${CITY.lat} + r * cos(a) / ${kmPerDegreeLat}, ${CITY.lng} + r * sin(a) / ${kmPerDegreeLng},
           (array[1, 2, 5, 10])[1 + floor(random() * 4)::int], true, true
    from people, lateral (select ${CITY_SPREAD_KM} * sqrt(random()) as r, 2 * pi() * random() as a) place
    returning user_id as id`);
  const subscriptions = await pushService.subscribe(rows.length);
  const devices = rows.map(({ id }, i) => ({ userId: id, ...subscriptions[i] }));
  for (let i = 0; i < devices.length; i += 1000) {
    const chunk = devices.slice(i, i + 1000);
    await db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values ${sql.join(
        chunk.map((d) => sql`(${d.userId}, ${d.endpoint}, ${d.keys.p256dh}, ${d.keys.auth})`),
        sql`, `,
      )}`);
  }
  await db.execute(sql`analyze watch_areas`);
  await db.execute(sql`analyze push_subscriptions`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (x: number) => Number(x.toFixed(2));

/** The repository's own matching query from 1,000 points over the country. */
async function timeMatching({ db }: Database) {
  const petId = crypto.randomUUID();
  const points = queryPoints(QUERIES);
  for (const point of points.slice(0, 100)) await watchersOf(db, petId, point);
  const times: number[] = [];
  let matched = 0;
  for (const point of points) {
    const started = performance.now();
    matched += (await watchersOf(db, petId, point)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50Ms: ms(percentile(times, 0.5)),
    p99Ms: ms(percentile(times, 0.99)),
    meanMatched: Number((matched / QUERIES).toFixed(2)),
  };
}

async function explainMatching({ db }: Database) {
  const query = watchersOf(db, crypto.randomUUID(), CITY);
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
  return rows.map((row) => row['QUERY PLAN']);
}

const count = async ({ db }: Database, query: ReturnType<typeof sql>) =>
  Number((await db.execute<{ n: string }>(query)).rows[0].n);

/** Reads `read` every 20 ms until it holds; answers the milliseconds from `since`. */
async function until(since: number, read: () => Promise<boolean>, timeoutMs = 600_000) {
  for (;;) {
    if (await read()) return Math.round(performance.now() - since);
    if (performance.now() - since > timeoutMs) throw new Error('the fan-out did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs in the process `benchWatchFanOut` starts: seeds, measures, prints one JSON line. */
async function measure(databaseUrl: string) {
  const pushService = await startPushServiceThread();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config = loadConfig({
    DATABASE_URL: await freshDatabase(databaseUrl),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    PUSH_EXTRA_HOSTS: pushService.host,
  });
  setLogLevel(config.logLevel);
  const database = await openDatabase(config.database, { queryTimeoutMs: 0 });
  try {
    await runMigrations(database.pool);
    const matching: Record<string, Awaited<ReturnType<typeof timeMatching>> & { loadAverage: number }> = {};
    let seeded = 0;
    for (const size of COUNTRY_WATCHERS) {
      console.error(`== watch areas: seeding ${size.toLocaleString('en')} watchers over the country…`);
      await seedCountryWatchers(database, seeded + 1, size);
      seeded = size;
      matching[size] = { ...(await timeMatching(database)), loadAverage: os.loadavg()[0] };
      console.error(`   matching p50 ${matching[size].p50Ms} ms, p99 ${matching[size].p99Ms} ms`);
    }
    const plan = await explainMatching(database);

    console.error(`== watch areas: ${CITY_WATCHERS.toLocaleString('en')} watchers in one city, a pet missing there…`);
    await seedCityWatchers(database, pushService);
    const { rows } = await database.db.execute<{ user_id: string; id: string }>(sql`
      with owner as (
        insert into users (email, first_name, last_name) values ('bench-watch-owner@homeward.test', 'Owner', 'Bench')
        returning id)
      insert into pets (user_id, name, species, breed, owner_name, owner_phone)
      select id, 'Biscuit', 'dog', 'Beagle', 'Bench Owner', '555-0100' from owner
      returning user_id, id`);
    const [{ user_id: ownerId, id: petId }] = rows;

    // The real app: its services, and the queue's worker that createApp starts (polling every second).
    const app = await createApp({ config, database, client: 'none' });
    try {
      const started = performance.now();
      await app.services.pets.update(ownerId, petId, { isMissing: true, lastSeenLat: CITY.lat, lastSeenLng: CITY.lng });
      const requestMs = Math.round(performance.now() - started);
      const firstPushMs = await until(started, async () => (await pushService.received()).received > 0);
      const queuedMs = await until(
        started,
        async () =>
          (await count(
            database,
            sql`select count(*) as n from jobs where kind = 'watch-areas.fan-out' and done_at is not null`,
          )) === 1,
      );
      const alerts = await count(database, sql`select count(*) as n from watch_alerts where pet_id = ${petId}`);
      const devices = await count(
        database,
        sql`select count(*) as n from push_subscriptions s join watch_alerts a on a.user_id = s.user_id where a.pet_id = ${petId}`,
      );
      const pushedMs = await until(started, async () => (await pushService.received()).received >= devices);
      const deliveredMs = await until(
        started,
        async () =>
          (await count(
            database,
            sql`select count(*) as n from jobs where kind = 'watch-areas.deliver' and done_at is null`,
          )) === 0,
      );
      const pushes = await pushService.received();
      const emails = await count(database, sql`select count(*) as n from notifications where pet_id = ${petId}`);
      return {
        area: AREA,
        city: CITY,
        cityWatchers: CITY_WATCHERS,
        matching,
        matchingP99Ratio: Number(
          (matching[COUNTRY_WATCHERS[1]].p99Ms / matching[COUNTRY_WATCHERS[0]].p99Ms).toFixed(2),
        ),
        usesIndex: plan.some((line) => line.includes('watch_areas_box_idx')),
        explain: plan,
        fanOut: {
          ownerRequestMs: requestMs,
          alerts,
          allQueuedMs: queuedMs,
          firstPushMs,
          pushesSent: pushes.received,
          pushesRefused: pushes.refused,
          allPushedMs: pushedMs,
          emailsQueued: emails,
          allDeliveredMs: deliveredMs,
          loadAverage: os.loadavg()[0],
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await pushService.close();
    server.close();
  }
}

type Figures = Awaited<ReturnType<typeof measure>>;

/** The rows of bench/run.ts's table: [figure, budget, measured, met]. */
export function watchFanOutRows(f: Figures): [string, string, string, boolean?][] {
  const [small, large] = COUNTRY_WATCHERS.map((size) => f.matching[size]);
  const at = (size: number, m: typeof small) => `${size.toLocaleString('en')}: p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms`;
  const o = f.fanOut;
  return [
    [
      'watcher matching p99, 100k ÷ 10k watchers',
      '≤ 2×',
      `${f.matchingP99Ratio}× (${at(COUNTRY_WATCHERS[0], small)}; ${at(COUNTRY_WATCHERS[1], large)})`,
      f.matchingP99Ratio <= 2,
    ],
    ['watcher matching: EXPLAIN', 'uses watch_areas_box_idx', f.usesIndex ? 'yes' : 'no', f.usesIndex],
    ["watch fan-out: the owner's request (report missing)", 'at once', `${o.ownerRequestMs} ms`],
    [
      'watch fan-out: every alert queued',
      '',
      `${o.alerts.toLocaleString('en')} alerts in ${o.allQueuedMs} ms (load ${o.loadAverage.toFixed(2)})`,
    ],
    [
      'watch fan-out: every push sent to the push service',
      '',
      `first after ${o.firstPushMs} ms; ${o.pushesSent.toLocaleString('en')} pushes in ${o.allPushedMs} ms (${o.pushesRefused} refused); every delivery done in ${o.allDeliveredMs} ms, ${o.emailsQueued.toLocaleString('en')} e-mails in the outbox`,
      o.pushesRefused === 0,
    ],
  ];
}

/** Starts the measuring process with the push service's certificate trusted; resolves with its figures. */
export function benchWatchFanOut(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CA },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<Figures>((resolve, reject) => {
    let result: Figures | undefined;
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(`{"${RESULT_KEY}"`)) result = JSON.parse(line)[RESULT_KEY];
    });
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the watch fan-out bench exited with ${code}`)),
    );
  });
}

if (process.argv[1] === import.meta.filename) {
  const figures = await measure(process.env.DATABASE_URL as string);
  console.log(JSON.stringify({ [RESULT_KEY]: figures }));
  process.exit(0);
}
