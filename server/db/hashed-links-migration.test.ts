import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, openDatabase } from './connection';
import { runMigrations } from './migrate';

// The migration that keeps only hashes of conversation and calendar tokens must keep the links
// already sent working: it is run here on rows written before it, on the database under test.
const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
const HASHING = '0011_hashed_links_and_mail_recipients';

let database: Database;
let before: string;
// An embedded database of its own, never migrated: the test files' own start from a migrated copy.
const dataDir = path.resolve('.data', `unmigrated-${crypto.randomBytes(4).toString('hex')}`);
beforeAll(async () => {
  database = await openDatabase(
    loadConfig({
      ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
      DATA_DIR: dataDir,
    }).database,
  );
  // The migrations up to the one before: a folder of their own, with the journal cut there.
  before = fs.mkdtempSync(path.join(path.resolve('.data'), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === HASHING);
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(
    path.join(before, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
  );
  for (const entry of journal.entries.slice(0, cut))
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
}, 60_000);
afterAll(async () => {
  await database?.close();
  fs.rmSync(before, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe('hashing the tokens already stored', () => {
  it('when the migration runs over old rows, then each token is kept as its SHA-256 and opens what it opened', async (ctx) => {
    const { pool } = database;
    const { rows: applied } = await pool
      .query(`select count(*)::int as n from information_schema.tables where table_name = 'conversation_links'`)
      .catch(() => ({ rows: [{ n: 0 }] }));
    // Only a database that has not had it yet can show it (the embedded one, made afresh here, or a
    // fresh PostgreSQL database): on one already migrated the test says it is skipped.
    if (applied[0].n > 0) ctx.skip();
    const client = await pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
    } finally {
      client.release();
    }
    const calendarToken = crypto.randomBytes(32).toString('base64url');
    const conversationToken = crypto.randomBytes(24).toString('base64url');
    const {
      rows: [user],
    } = await pool.query(`insert into users (email, calendar_token) values ($1, $2) returning id`, [
      `old.${crypto.randomUUID()}@example.org`,
      calendarToken,
    ]);
    const {
      rows: [pet],
    } = await pool.query(
      `insert into pets (user_id, name, species, owner_name, owner_phone) values ($1, 'Old', 'cat', 'O', '555-0100') returning id`,
      [user.id],
    );
    const {
      rows: [report],
    } = await pool.query(
      `insert into gps_pings (user_id, pet_id, finder_location, conversation_token) values ($1, $2, 'Park', $3) returning id`,
      [user.id, pet.id, conversationToken],
    );

    await runMigrations(pool);

    const { rows: links } = await pool.query(
      'select token_hash, report_id from conversation_links where report_id = $1',
      [report.id],
    );
    expect(links).toEqual([{ token_hash: sha256(conversationToken), report_id: report.id }]);
    const { rows: users } = await pool.query('select calendar_token_hash from users where id = $1', [user.id]);
    expect(users).toEqual([{ calendar_token_hash: sha256(calendarToken) }]);
  }, 60_000);
});
