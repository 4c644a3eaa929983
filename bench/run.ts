// npm run bench: builds the app, starts it on the embedded database (and on PostgreSQL when
// DATABASE_URL is set), seeds realistic data and prints figures beside baselines measured in the
// same run, because this machine is shared and noisy: ratios mean more than bare times.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { Session } from '../tests/support/session';
import { benchLostBoard } from './lost-board';
import { FINDER_PAGES, type LighthouseFigures, type LighthouseRuns, measurePages } from './pages';
import { GROWTH_SIZES, growthEmail, OWNER_EMAIL } from './seed';
import { benchWatchFanOut, watchFanOutRows } from './watch-fan-out';

interface Ready {
  url: string;
  bareDatabase: Record<string, string>;
  poolSize: number;
  ownerId: string;
  ownerPetId: string;
  missingPetId: string;
}

const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), machine: `${os.cpus().length} cores` };

/** Starts a bench process and resolves with the JSON line it prints when it is ready. */
function startProcess<T>(script: string, env: Record<string, string | undefined>, readyKey: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ child: ChildProcess; ready: T }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(`{"${readyKey}"`)) resolve({ child, ready: JSON.parse(line) });
    });
  });
}

/**
 * Stops a bench process and waits until it has closed its database: the temporary directory the
 * embedded one lives in is removed next.
 */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const loadAverage = () => Number(os.loadavg()[0].toFixed(2));

/** CPU time (ms) the processes have used so far, from /proc (user + system, in clock ticks of 10 ms). */
const cpuMs = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);

/**
 * Requests per second and latency at 50 connections; and the CPU time the serving processes spent
 * per request, which the other work on a shared machine does not change the way it changes those.
 */
async function load(url: string, headers: Record<string, string>, servers: number[]) {
  const run = (duration: number) => autocannon({ url, connections: 50, duration, headers });
  await run(2); // warm-up: connections, JIT, caches
  const cpuBefore = cpuMs(servers);
  const r = await run(10);
  const cpuUsPerRequest = Math.round(((cpuMs(servers) - cpuBefore) * 1000) / Math.max(r.requests.total, 1));
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUsPerRequest,
    loadAverage: loadAverage(),
  };
}

/**
 * The app's route beside the bare handler's, three times in turn so that both meet the same
 * moments of this shared machine's load; the ratios of each pair, and their median, are what count.
 */
async function compare(appUrl: string, bareUrl: string, headers: Record<string, string>, servers: number[]) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const app = await load(appUrl, headers, servers);
    const bare = await load(bareUrl, {}, servers);
    runs.push({
      app,
      bare,
      ratio: Number((app.rps / bare.rps).toFixed(2)),
      p99Ratio: Number((app.p99 / bare.p99).toFixed(2)),
      cpuRatio: Number((bare.cpuUsPerRequest / app.cpuUsPerRequest).toFixed(2)),
    });
  }
  return {
    runs,
    ratio: median(runs.map((r) => r.ratio)),
    p99Ratio: median(runs.map((r) => r.p99Ratio)),
    cpuRatio: median(runs.map((r) => r.cpuRatio)),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeRequests(session: Session, url: string, n = 30) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await session.get(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t);
  }
  return Number(median(times).toFixed(2));
}

/** `BENCH_ONLY=pages`: the pages' figures alone, on the embedded database, without the load tests. */
async function benchPages(env: Record<string, string | undefined>) {
  console.log('\n== embedded database: seeding and starting…');
  const { child, ready } = await startProcess<Ready>('bench/server.ts', env, 'ready');
  try {
    const owner = new Session(ready.url);
    await owner.signIn({ email: OWNER_EMAIL, firstName: 'Bench', lastName: 'Owner' });
    console.log('== pages: weights and Lighthouse (three runs of each page)…');
    return { pages: await measurePages(ready.url, ready.missingPetId, await owner.cookieHeader()) };
  } finally {
    await stopProcess(child);
  }
}

/** The public read beside its bare handler, alone (`npm run bench -- read`): no client build, no pages. */
async function benchPublicRead(label: string, env: Record<string, string | undefined>) {
  console.log(`\n== ${label}: seeding and starting…`);
  const { child, ready } = await startProcess<Ready>('bench/server.ts', { ...env, BENCH_CLIENT: 'none' }, 'ready');
  const bare = await startProcess<{ url: string }>(
    'bench/bare-handler.ts',
    { DATABASE_URL: undefined, ...ready.bareDatabase, POOL_SIZE: String(ready.poolSize) },
    'url',
  ).catch(async (err) => {
    await stopProcess(child);
    throw err;
  });
  try {
    console.log(`== ${label}: public read ÷ bare handler (50 connections, 10 s each, three times in turn)…`);
    const servers = [child.pid, bare.child.pid].filter((pid) => pid !== undefined);
    const publicRead = await compare(
      `${ready.url}/api/pets/${ready.missingPetId}`,
      `${bare.ready.url}/pets/${ready.missingPetId}`,
      {},
      servers,
    );
    return { api: { poolSize: ready.poolSize, publicRead } };
  } finally {
    await Promise.all([stopProcess(bare.child), stopProcess(child)]);
  }
}

async function benchDatabase(label: string, env: Record<string, string | undefined>, pagesToo: boolean) {
  console.log(`\n== ${label}: seeding and starting…`);
  const { child, ready } = await startProcess<Ready>('bench/server.ts', env, 'ready');
  const bare = await startProcess<{ url: string }>(
    'bench/bare-handler.ts',
    { DATABASE_URL: undefined, ...ready.bareDatabase, POOL_SIZE: String(ready.poolSize) },
    'url',
  ).catch(async (err) => {
    await stopProcess(child);
    throw err;
  });
  try {
    const owner = new Session(ready.url);
    await owner.signIn({ email: OWNER_EMAIL, firstName: 'Bench', lastName: 'Owner' });
    const cookie = await owner.cookieHeader();

    const list = await owner.get('/api/pets');
    const listText = JSON.stringify(list.body);
    const size = {
      pets: list.body.length,
      bytes: Buffer.byteLength(listText),
      gzipBytes: zlib.gzipSync(listText).length,
    };

    console.log(`== ${label}: load tests (50 connections, 10 s each, app and bare handler three times in turn)…`);
    const servers = [child.pid, bare.child.pid].filter((pid) => pid !== undefined);
    const publicRead = await compare(
      `${ready.url}/api/pets/${ready.missingPetId}`,
      `${bare.ready.url}/pets/${ready.missingPetId}`,
      {},
      servers,
    );
    // The floor: a route through the same middleware that asks the database nothing.
    const noDatabase = await load(`${ready.url}/api/config`, {}, servers);
    const ownerList = await compare(
      `${ready.url}/api/pets`,
      `${bare.ready.url}/owner-pets/${ready.ownerId}`,
      { cookie },
      servers,
    );

    const growth: Record<string, { pets: number; reminders: number }> = {};
    for (const rows of GROWTH_SIZES) {
      const s = new Session(ready.url);
      await s.signIn({ email: growthEmail(rows), firstName: 'Growth', lastName: String(rows) });
      growth[rows] = { pets: await timeRequests(s, '/api/pets'), reminders: await timeRequests(s, '/api/reminders') };
    }

    const plans = (await owner.get(`/__bench/explain/${ready.ownerId}/${ready.ownerPetId}`)).body;

    const pages = pagesToo ? await measurePages(ready.url, ready.missingPetId, cookie) : undefined;
    return {
      size,
      api: { poolSize: ready.poolSize, publicRead, noDatabase, ownerList },
      growthMedianMs: growth,
      explain: plans,
      pages,
    };
  } finally {
    await Promise.all([stopProcess(bare.child), stopProcess(child)]);
  }
}

/** A database of its own on the configured server, so the seeded rows never mix with test data. */
async function benchDatabaseUrl(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Named after the configured database (homeward → homeward_bench), so that two clones sharing one
  // server do not seed the same database at once.
  const bench = new URL(url);
  const name = `${bench.pathname.slice(1) || 'homeward'}_bench`.replace(/[^a-z0-9_]/gi, '_');
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  bench.pathname = `/${name}`;
  return bench.href;
}

// `BENCH_ONLY=pages npm run bench` (or `npm run bench -- pages`) measures the pages alone (a few
// minutes, no load tests).
const PAGES_ONLY = process.env.BENCH_ONLY === 'pages' || process.argv[2] === 'pages';

// Watch My Area's fan-out and matching query (bench/watch-fan-out.ts, PostgreSQL): `BENCH_ONLY=watch npm run bench` alone.
if (process.env.BENCH_ONLY === 'watch') {
  if (!process.env.DATABASE_URL) throw new Error('The watch areas bench needs DATABASE_URL (PostgreSQL)');
  results.watchFanOut = await benchWatchFanOut(process.env.DATABASE_URL);
  fs.writeFileSync(path.resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  console.log('\nwritten to bench/results.json');
}
// `npm run bench -- lost-board` runs the lost-pets board's figures alone (they need PostgreSQL).
else if (process.argv[2] === 'lost-board') {
  if (!process.env.DATABASE_URL) throw new Error('The lost-pets board bench needs DATABASE_URL (PostgreSQL)');
  results.lostBoard = await benchLostBoard(process.env.DATABASE_URL);
  fs.writeFileSync(path.resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  console.log('\nwritten to bench/results.json');
} else if (process.argv[2] === 'read') {
  // `npm run bench -- read` runs the public read's comparison alone, on both databases.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-'));
  try {
    const embedded = {
      DATABASE_URL: undefined,
      DATA_DIR: path.join(dataDir, 'app'),
      BARE_DATA_DIR: path.join(dataDir, 'bare'),
    };
    if (process.env.BENCH_DATABASE !== 'postgres')
      results.embedded = await benchPublicRead('embedded database', embedded);
    if (process.env.DATABASE_URL && process.env.BENCH_DATABASE !== 'embedded')
      results.postgres = await benchPublicRead('PostgreSQL', {
        DATABASE_URL: await benchDatabaseUrl(process.env.DATABASE_URL),
      });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printRows(readRows(results));
} else {
  console.log('== building the client…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  execSync('npx vite build --config vite.scan.config.ts --logLevel warn', { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-'));
  try {
    if (PAGES_ONLY) {
      results.embedded = await benchPages({ DATABASE_URL: undefined, DATA_DIR: path.join(dataDir, 'app') });
    } else {
      results.embedded = await benchDatabase(
        'embedded database',
        { DATABASE_URL: undefined, DATA_DIR: path.join(dataDir, 'app'), BARE_DATA_DIR: path.join(dataDir, 'bare') },
        true,
      );
    }
    if (process.env.DATABASE_URL && !PAGES_ONLY) {
      const url = await benchDatabaseUrl(process.env.DATABASE_URL);
      results.postgres = await benchDatabase('PostgreSQL', { DATABASE_URL: url }, false);
      results.lostBoard = await benchLostBoard(process.env.DATABASE_URL);
      results.watchFanOut = await benchWatchFanOut(process.env.DATABASE_URL);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // A pages-only run leaves the full run's figures where they are.
  const written = PAGES_ONLY ? 'results-pages.json' : 'results.json';
  fs.writeFileSync(path.resolve(import.meta.dirname, written), `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  console.log(`\nwritten to bench/${written}`);
}

type Row = [figure: string, budget: string, measured: string, met?: boolean];

/** Each figure with its budget, the measured value (medians of three) and whether the budget is met. */
function printTable(r: Record<string, any>) {
  const rows: Row[] = [];
  if (r.embedded?.api) rows.push(...appRows(r));
  else if (r.embedded?.pages) rows.push(...pageRows(r.embedded.pages));
  if (r.lostBoard) rows.push(...lostBoardRows(r.lostBoard));
  if (r.watchFanOut) rows.push(...watchFanOutRows(r.watchFanOut));
  printRows(rows);
}

/** The pages' figures: what the scan page downloads, and Lighthouse's mobile runs of the finder's pages. */
function pageRows(p: Awaited<ReturnType<typeof measurePages>>): Row[] {
  const rows: Row[] = [];
  const lh = p.lighthouse;
  rows.push([
    'scan route JS (gzip)',
    '≤ 60 KB',
    `${(p.scan.jsBytes / 1024).toFixed(1)} KB`,
    p.scan.jsBytes <= 60 * 1024,
  ]);
  rows.push(['scan route CSS files (gzip)', '', `${(p.scan.cssBytes / 1024).toFixed(1)} KB`]);
  rows.push(['owner dashboard JS (gzip)', '', `${(p.dashboard.jsBytes / 1024).toFixed(1)} KB`]);
  rows.push([
    'Stripe loaded outside checkout',
    'never',
    p.stripeOutsideCheckout ? 'yes' : 'never',
    !p.stripeOutsideCheckout,
  ]);
  const three = (runs: LighthouseRuns, figure: keyof LighthouseFigures) =>
    runs.runs.map((run) => run[figure]).join(', ');
  const base = lh.static;
  rows.push([
    'Lighthouse benchmark index (CPU), static page',
    '',
    `${base.median.benchmarkIndex} (${three(base, 'benchmarkIndex')}); 4× slowdown is a mid-tier phone at 1,500–2,000`,
  ]);
  rows.push([
    'Lighthouse static page: performance / blocking time',
    '',
    `${base.median.performance} (${three(base, 'performance')}) / ${base.median.blockingMs} ms (${three(base, 'blockingMs')})`,
  ]);
  // Each page against the static page measured in the same round (bench/pages.ts).
  const pageRowsOf = (name: string, runs: LighthouseRuns, scoreMargin: number, lcpBudget?: number) => {
    rows.push([
      `Lighthouse ${name}: performance below the static page's`,
      `≤ ${scoreMargin} points`,
      `${runs.performanceBelowStatic} (scores ${three(runs, 'performance')})`,
      runs.performanceBelowStatic <= scoreMargin,
    ]);
    rows.push([
      `Lighthouse ${name}: accessibility`,
      '100',
      `${runs.median.accessibility} (${three(runs, 'accessibility')})`,
      runs.median.accessibility === 100,
    ]);
    rows.push([
      `Lighthouse ${name}: blocking time beyond the static page's`,
      '≤ 50 ms',
      `${runs.blockingBeyondStaticMs} ms (${three(runs, 'blockingMs')} ms)`,
      runs.blockingBeyondStaticMs <= 50,
    ]);
    rows.push([
      `${name} LCP ÷ static page LCP`,
      lcpBudget ? `≤ ${lcpBudget}×` : '',
      `${runs.lcpRatio}× (${three(runs, 'lcpMs')} ÷ ${three(base, 'lcpMs')} ms)`,
      lcpBudget ? runs.lcpRatio <= lcpBudget : undefined,
    ]);
  };
  for (const page of FINDER_PAGES) pageRowsOf(page === 'scan' ? 'scan' : `/${page}`, lh[page], 2, 1.1);
  // The landing page is the whole app (its router, its query client), painted by its script: its
  // paint is shown beside the static page's, not budgeted.
  pageRowsOf('landing', lh.landing, 5);
  return rows;
}

/** The app's own figures: pages, API, growth. */
function appRows(r: Record<string, any>): Row[] {
  const rows: Row[] = r.embedded.pages ? pageRows(r.embedded.pages) : [];
  for (const [label, d] of Object.entries({ embedded: r.embedded, PostgreSQL: r.postgres })) {
    if (!d) continue;
    const { publicRead, noDatabase, ownerList } = d.api;
    const pair = (c: any) =>
      c.runs.map((run: any) => `${run.app.rps}÷${run.bare.rps}`).join(', ') +
      ` rps (load ${c.runs[0].app.loadAverage})`;
    rows.push(...publicReadRows(label, publicRead));
    rows.push([
      `${label}: no-database route (floor)`,
      '',
      `${noDatabase.rps} rps, p50 ${noDatabase.p50} ms, p99 ${noDatabase.p99} ms, ${noDatabase.cpuUsPerRequest} µs CPU`,
    ]);
    rows.push([`${label}: owner list (50 pets) ÷ bare handler`, '', `${ownerList.ratio}× (${pair(ownerList)})`]);
    rows.push([
      `${label}: GET /api/pets size (50 photos)`,
      '≤ 30 KB',
      `${(d.size.bytes / 1024).toFixed(1)} KB (${(d.size.gzipBytes / 1024).toFixed(1)} KB gzip)`,
      d.size.bytes <= 30 * 1024,
    ]);
    const growth = d.growthMedianMs as Record<string, { pets: number; reminders: number }>;
    // Linear or better: a row costs no more at 1,000 rows than at 100 (with room for noise).
    const linear = (k: 'pets' | 'reminders') => growth['1000'][k] / 1000 <= (growth['100'][k] / 100) * 1.5;
    rows.push([
      `${label}: pets | reminders at ${Object.keys(growth).join(' / ')} rows`,
      'linear or better',
      `${Object.values(growth)
        .map((g) => g.pets)
        .join(' / ')} | ${Object.values(growth)
        .map((g) => g.reminders)
        .join(' / ')} ms`,
      linear('pets') && linear('reminders'),
    ]);
    for (const [q, plan] of Object.entries(d.explain as Record<string, string>))
      rows.push([`${label}: EXPLAIN ${q}`, 'uses an index', plan, /Index/.test(plan)]);
  }
  return rows;
}

/** The public read's ratios to its bare handler: PostgreSQL's at least 0.8×, the embedded database's 0.7×. */
function publicReadRows(label: string, publicRead: any): Row[] {
  const rows: Row[] = [];
  const budget = label === 'PostgreSQL' ? 0.8 : 0.7;
  const pair = (c: any) =>
    `${c.runs.map((run: any) => `${run.app.rps}÷${run.bare.rps}`).join(', ')} rps (load ${c.runs[0].app.loadAverage})`;
  rows.push([
    `${label}: public pet read ÷ bare handler`,
    `≥ ${budget}×`,
    `${publicRead.ratio}× (${pair(publicRead)})`,
    publicRead.ratio >= budget,
  ]);
  rows.push([
    `${label}: public pet read p99 ÷ bare p99`,
    '≤ 2×',
    `${publicRead.p99Ratio}× (${publicRead.runs.map((run: any) => `${run.app.p99}÷${run.bare.p99}`).join(', ')} ms)`,
    publicRead.p99Ratio <= 2,
  ]);
  rows.push([
    `${label}: public pet read, CPU per request: bare ÷ app`,
    '',
    `${publicRead.cpuRatio}× (${publicRead.runs.map((run: any) => `${run.bare.cpuUsPerRequest}÷${run.app.cpuUsPerRequest}`).join(', ')} µs)`,
  ]);
  return rows;
}

/** `npm run bench -- read`: the public read's rows alone. */
function readRows(r: Record<string, any>): Row[] {
  return Object.entries({ embedded: r.embedded, PostgreSQL: r.postgres }).flatMap(([label, d]) =>
    d ? publicReadRows(label, d.api.publicRead) : [],
  );
}

/** The lost-pets board's query at both sizes, and whether its plan uses the board's index. */
function lostBoardRows(board: Awaited<ReturnType<typeof benchLostBoard>>): Row[] {
  const [small, large] = Object.entries(board.sizes);
  const at = ([size, figures]: typeof small) =>
    `${Number(size).toLocaleString('en')}: p50 ${figures.board.p50Ms} ms, p99 ${figures.board.p99Ms} ms`;
  return [
    [
      'lost-pets board p99, 1M ÷ 10k pets',
      '≤ 2×',
      `${board.p99Ratio}× (${at(small)}; ${at(large)})`,
      board.p99Ratio <= 2,
    ],
    [
      'lost-pets board: EXPLAIN at 1M pets',
      'uses pets_lost_board_idx',
      board.usesIndex ? 'yes' : 'no',
      board.usesIndex,
    ],
  ];
}

function printRows(rows: Row[]) {
  const cells = rows.map(([figure, budget, measured, met]) => [
    figure,
    budget,
    measured,
    met === undefined ? '' : met ? 'met' : 'NOT MET',
  ]);
  const header = ['figure', 'budget', 'measured (median of three)', 'met'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const c of cells) console.log(line(c));
}
