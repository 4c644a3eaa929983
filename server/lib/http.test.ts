import { DrizzleQueryError } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorHandler } from './http';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select * from pets where owner_email = $1', ['secret@example.com'], cause);

function appThrowing(error: unknown) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

afterEach(() => vi.restoreAllMocks());

describe('the error middleware', () => {
  it('when the database is restarting behind a query, then the answer is 503 with Retry-After', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const res = await request(appThrowing(wrapped(pgError('57P01', 'terminating connection')))).get('/boom');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('when a value cannot be stored, then the answer is 400, not 500', async () => {
    const res = await request(appThrowing(wrapped(pgError('22P05', 'unsupported Unicode escape')))).get('/boom');
    expect(res.status).toBe(400);
  });

  it('when an unexpected error happens, then the client sees no internals and the log no query parameters', async () => {
    const logged = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const res = await request(appThrowing(wrapped(new Error('relation "pets" is broken')))).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong. Please try again.', code: 'internal' });
    const log = logged.mock.calls.map(([line]) => String(line)).join('');
    expect(log).toContain('relation');
    expect(log).not.toContain('secret@example.com');
  });
});
