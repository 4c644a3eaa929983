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
import { measurePages } from './pages';
import { GROWTH_SIZES, growthEmail, OWNER_EMAIL } from './seed';

interface Ready {
  url: string;
  ownerId: string;
  ownerPetId: string;
  missingPetId: string;
}

const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), machine: `${os.cpus().length} cores` };

function startServer(env: Record<string, string | undefined>): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve({ child, ready: JSON.parse(line) });
    });
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  const run = (duration: number) => autocannon({ url, connections: 50, duration, headers });
  await run(2); // warm-up: connections, JIT, caches
  const r = await run(10);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

async function benchDatabase(label: string, env: Record<string, string | undefined>, pagesToo: boolean) {
  console.log(`\n== ${label}: seeding and starting…`);
  const { child, ready } = await startServer(env);
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

    console.log(`== ${label}: load tests (50 connections, 10 s each)…`);
    const publicRead = await load(`${ready.url}/api/pets/${ready.missingPetId}`);
    const publicBare = await load(`${ready.url}/__bench/bare/pets/${ready.missingPetId}`);
    // The floor: a route through the same middleware that asks the database nothing.
    const noDatabase = await load(`${ready.url}/api/config`);
    const ownerList = await load(`${ready.url}/api/pets`, { cookie });
    const ownerBare = await load(`${ready.url}/__bench/bare/owner-pets/${ready.ownerId}`);

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
      api: {
        publicRead,
        publicBare,
        publicRatio: Number((publicRead.rps / publicBare.rps).toFixed(2)),
        noDatabase,
        ownerList,
        ownerBare,
        ownerRatio: Number((ownerList.rps / ownerBare.rps).toFixed(2)),
      },
      growthMedianMs: growth,
      explain: plans,
      pages,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

/** A database of its own on the configured server, so the seeded rows never mix with test data. */
async function benchDatabaseUrl(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = 'homeward_bench'");
  if (!rowCount) await admin.query('create database homeward_bench');
  await admin.end();
  const bench = new URL(url);
  bench.pathname = '/homeward_bench';
  return bench.href;
}

console.log('== building the client…');
execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-'));
try {
  results.embedded = await benchDatabase('embedded database', { DATABASE_URL: undefined, DATA_DIR: dataDir }, true);
  if (process.env.DATABASE_URL) {
    const url = await benchDatabaseUrl(process.env.DATABASE_URL);
    results.postgres = await benchDatabase('PostgreSQL', { DATABASE_URL: url }, false);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

fs.writeFileSync(path.resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
printTable(results);

function printTable(r: Record<string, any>) {
  const rows: [string, string, string][] = [];
  const e = r.embedded;
  const p = e.pages;
  rows.push(['scan route JS (gzip)', `${(p.scan.jsBytes / 1024).toFixed(1)} KB`, '≤ 90 KB']);
  rows.push(['scan route CSS (gzip)', `${(p.scan.cssBytes / 1024).toFixed(1)} KB`, '']);
  rows.push(['owner dashboard JS (gzip)', `${(p.dashboard.jsBytes / 1024).toFixed(1)} KB`, '']);
  rows.push(['Stripe loaded outside checkout', p.stripeOutsideCheckout ? 'YES' : 'no', 'never']);
  rows.push(['scan LCP / static page LCP', `${p.lcp.scanMs} ms / ${p.lcp.staticMs} ms = ${p.lcp.ratio}×`, '≤ 1.3×']);
  rows.push([
    'Lighthouse scan: perf / a11y',
    `${p.lighthouse.scan.performance} / ${p.lighthouse.scan.accessibility}`,
    '≥ 95 / 100',
  ]);
  rows.push([
    'Lighthouse landing: perf / a11y',
    `${p.lighthouse.landing.performance} / ${p.lighthouse.landing.accessibility}`,
    '≥ 95 / 100',
  ]);
  for (const [label, d] of Object.entries({ embedded: r.embedded, PostgreSQL: r.postgres })) {
    if (!d) continue;
    const a = d.api;
    rows.push([
      `${label}: public pet read`,
      `${a.publicRead.rps} rps, p50 ${a.publicRead.p50} ms, p99 ${a.publicRead.p99} ms`,
      'p99 ≤ 20 ms',
    ]);
    rows.push([
      `${label}: bare handler, same SQL`,
      `${a.publicBare.rps} rps, p99 ${a.publicBare.p99} ms → ratio ${a.publicRatio}`,
      '≥ 0.7×',
    ]);
    rows.push([
      `${label}: no-database route (floor)`,
      `${a.noDatabase.rps} rps, p50 ${a.noDatabase.p50} ms, p99 ${a.noDatabase.p99} ms`,
      '',
    ]);
    rows.push([
      `${label}: owner list (50 pets)`,
      `${a.ownerList.rps} rps, p50 ${a.ownerList.p50} ms, p99 ${a.ownerList.p99} ms`,
      '',
    ]);
    rows.push([`${label}: bare handler, same SQL`, `${a.ownerBare.rps} rps → ratio ${a.ownerRatio}`, '']);
    rows.push([
      `${label}: GET /api/pets size (50 photos)`,
      `${(d.size.bytes / 1024).toFixed(1)} KB (${(d.size.gzipBytes / 1024).toFixed(1)} KB gzip)`,
      '≤ 30 KB',
    ]);
    for (const [n, g] of Object.entries(d.growthMedianMs as Record<string, { pets: number; reminders: number }>)) {
      rows.push([
        `${label}: ${n} rows/owner, pets | reminders`,
        `${g.pets} ms | ${g.reminders} ms`,
        'linear or better',
      ]);
    }
    if (d.explain)
      for (const [q, plan] of Object.entries(d.explain)) rows.push([`${label}: EXPLAIN ${q}`, String(plan), 'index']);
  }
  const w = [Math.max(...rows.map((x) => x[0].length)), Math.max(...rows.map((x) => x[1].length))];
  console.log(`\n${'figure'.padEnd(w[0])} | ${'measured'.padEnd(w[1])} | budget`);
  console.log(`${'-'.repeat(w[0])}-|-${'-'.repeat(w[1])}-|-------`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w[0])} | ${b.padEnd(w[1])} | ${c}`);
  console.log('\nwritten to bench/results.json');
}
