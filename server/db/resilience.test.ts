import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../../tests/support/factories';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { openDatabase } from './connection';

// Cutting every connection of the app is what a PostgreSQL restart does to it; only a real server
// lets another session do that (the embedded database has a single backend and no such command).
describe.runIf(process.env.DATABASE_URL)('when PostgreSQL drops every connection under traffic', () => {
  let app: TestApp;
  let admin: pg.Client;
  // A name of its own, so that only this app's connections are cut, not those of tests running beside it.
  const appName = `homeward-resilience-${process.pid}`;
  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    url.searchParams.set('application_name', appName);
    app = await startTestApp({ DATABASE_URL: url.href });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
  });

  let dropped = 0;
  const dropAppConnections = async () => {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1`,
      [appName],
    );
    dropped += rowCount ?? 0;
  };

  it('then requests fail cleanly with 503, never 500, and recover without a restart', async () => {
    const owner = await signedInOwner(app);
    const statuses: number[] = [];
    let answered = () => {};
    const traffic = (async () => {
      for (let i = 0; i < 60; i++) {
        statuses.push((await owner.get('/api/auth/user')).status);
        answered();
      }
    })();
    // Each cut waits for another answer (rather than a while), so the cuts land through the traffic.
    const nextAnswer = () => new Promise<void>((resolve) => (answered = resolve));
    for (let i = 0; i < 5; i++) {
      await dropAppConnections();
      await Promise.race([nextAnswer(), traffic]);
    }
    await traffic;
    expect(dropped).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    await dropAppConnections();
    let recovered = 0;
    for (let i = 0; i < 5 && recovered === 0; i++) {
      if ((await owner.get('/api/auth/user')).status === 200) recovered = 1;
    }
    expect(recovered).toBe(1);
    expect((await owner.get('/healthz')).status).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)('when PostgreSQL drops a connection a transaction holds', () => {
  it('then the transaction fails, the process goes on, and the next query gets a fresh connection', async () => {
    const appName = `homeward-held-${process.pid}`;
    const url = new URL(process.env.DATABASE_URL as string);
    url.searchParams.set('application_name', appName);
    const database = await openDatabase({ mode: 'postgres', url: url.href });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      // Between two of a transaction's queries (a photo being re-encoded, say) the connection is
      // checked out and idle: a cut then is reported on the connection itself, not on a query. Had
      // nothing listened, Node would have ended the process on that event.
      const cutMidTransaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
          [appName],
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(cutMidTransaction).rejects.toThrow();
      const { rows } = await database.db.execute(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
