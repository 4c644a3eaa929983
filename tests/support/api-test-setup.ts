// Loaded before every API test file (vitest.config.ts, setupFiles).
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { isThisMachine } from './loopback';
import { workerDatabaseUrl } from './worker-database';

// Outbound network is refused: tests talk to the app and to the protocol peers they start on this
// machine, never to a real Stripe, Printify, mail server or anything else. Every connection (http,
// fetch, SMTP, PostgreSQL over TCP) goes through net.Socket#connect, so this is where it is stopped,
// before any name is looked up.
/** Where a Socket#connect call goes: a host, or undefined for a local (Unix) socket. */
function hostOf(args: unknown[]): string | undefined {
  // net.connect() hands the socket its arguments already normalised, as one array.
  const [first, second] = Array.isArray(args[0]) ? args[0] : args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    return options.path ? undefined : (options.host ?? 'localhost');
  }
  if (typeof first === 'number' || /^\d+$/.test(String(first)))
    return typeof second === 'string' ? second : 'localhost';
  return undefined;
}

const connect = net.Socket.prototype.connect as (this: net.Socket, ...args: unknown[]) => net.Socket;
net.Socket.prototype.connect = function refuseOutbound(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args);
  if (host !== undefined && !isThisMachine(host)) throw new Error(`Outbound network is refused in tests: ${host}`);
  return connect.apply(this, args);
} as typeof net.Socket.prototype.connect;

// An error printed to the console is a failure nobody asserted on. Wrapped by hand rather than
// spied on, so that a test restoring its own mocks does not take this check with them.
const printedErrors: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  printedErrors.push(args.map(String).join(' '));
  consoleError(...args);
};
afterEach(() => {
  expect(printedErrors.splice(0), 'console.error during the test').toEqual([]);
});

// On PostgreSQL each test worker has a database of its own (worker-database.ts). The variable is
// set once per worker: the worker's files share this module's process.
if (process.env.DATABASE_URL && !process.env.SHARED_DATABASE_URL) {
  process.env.SHARED_DATABASE_URL = process.env.DATABASE_URL;
  process.env.DATABASE_URL = await workerDatabaseUrl(process.env.DATABASE_URL, process.env.VITEST_POOL_ID ?? '0');
}

// Each test file has an embedded database of its own, a copy of the migrated one made for the run
// (api-global-setup.ts), removed once the file is done (this hook runs after the file's own, which
// close its app). Shared by a worker's files, one file's database left half-closed by a worker
// that was stopped made the next file's fail to open.
process.env.TEST_DATA_DIR = path.resolve(
  '.data',
  `test-${process.env.VITEST_POOL_ID ?? '0'}-${crypto.randomBytes(4).toString('hex')}`,
);
const template = inject('embeddedTemplate');
if (template) fs.cpSync(template, process.env.TEST_DATA_DIR, { recursive: true });
afterAll(() => fs.rmSync(process.env.TEST_DATA_DIR as string, { recursive: true, force: true }));
