import { DrizzleQueryError } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiNotFound, errorHandler, requestLog, sameOriginJson } from './http';
import { type LogLevel, logger, setLogLevel } from './logger';

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

// The log is asserted on, at its default level: a test app started earlier in this worker silenced it.
const levelBefore = logger.level as LogLevel;
beforeEach(() => setLogLevel('info'));
afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel(levelBefore);
});

describe('the error middleware', () => {
  it('when the database is restarting behind a query, then the answer is 503 with Retry-After', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const res = await request(appThrowing(wrapped(pgError('57P01', 'terminating connection')))).get('/boom');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('when the database refuses new connections, then the answer is 503 too, not 500', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const refused = pgError('55000', 'database "homeward" is not currently accepting connections');
    const res = await request(appThrowing(refused)).get('/boom');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('unavailable');
  });

  it('when a browser without fetch metadata opens a page while the database is away, then it reads a page in its language that offers to try again', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const res = await request(appThrowing(wrapped(pgError('57P01', 'terminating connection'))))
      .get('/boom?x=1')
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .set('Accept-Language', 'es-MX,es;q=0.9');
    expect(res.status).toBe(503);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<html lang="es">');
    expect(res.text).toContain('Homeward no está disponible en este momento');
    expect(res.text).toContain('href="/boom?x=1"');
    // A script asking for JSON still gets JSON.
    const api = await request(appThrowing(wrapped(pgError('57P01', 'terminating connection'))))
      .get('/boom')
      .set('Accept', 'application/json');
    expect(api.body.code).toBe('unavailable');
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

describe('the same-origin guard on state changes', () => {
  const app = express().use(sameOriginJson);
  app.post('/pets', (_req, res) => void res.status(201).end());
  app.use(errorHandler);
  const post = (origin?: string) => {
    const req = request(app).post('/pets').set('Host', 'homeward.test:3000').type('json').send('{}');
    return origin ? req.set('Origin', origin) : req;
  };

  it('when the request comes from the app’s own origin, or says none, then it goes through', async () => {
    expect((await post('http://homeward.test:3000')).status).toBe(201);
    expect((await post()).status).toBe(201);
  });

  it('when the origin differs in scheme, port or host, or is not a bare origin, then it is refused', async () => {
    for (const origin of [
      'https://homeward.test:3000',
      'http://homeward.test:3001',
      'http://evil.test',
      'http://homeward.test:3000/evil',
      'http://evil@homeward.test:3000',
      'null',
    ]) {
      const res = await post(origin);
      expect(res.status, origin).toBe(403);
      expect(res.body.message).toBe('Cross-site request refused');
    }
  });
});

describe('the request log', () => {
  it('when a route with a secret in its path answers, then the log holds its pattern, not the secret', async () => {
    const logged = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const api = express.Router();
    api.get('/calendar/:token.ics', (_req, res) => void res.send('BEGIN:VCALENDAR'));
    const app = express().use(requestLog).use('/api', api);
    expect((await request(app).get('/api/calendar/s3cr3t-t0ken.ics')).status).toBe(200);
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'request', path: '/api/calendar/:token.ics', status: 200 }),
    );
    expect(JSON.stringify(lines)).not.toContain('s3cr3t');
  });

  it('when a route in a nested router is answered by the app’s error handler, then the log holds the route’s whole pattern', async () => {
    const logged = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const inner = express.Router();
    inner.get('/:id/matches/', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw Object.assign(new Error('no such pet'), { status: 404 });
    });
    const app = express().use(requestLog).use('/api', express.Router().use('/pets', inner)).use(errorHandler);
    const id = '8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b';
    expect((await request(app).get(`/api/pets/${id}/matches/?x=1`)).status).toBe(404);
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines.map((line) => line.path)).toEqual(['/api/pets/:id/matches/']);
  });

  it('when a request with a secret in its path misses every route, then the log holds the path with the secret, or anyone’s data, masked', async () => {
    const logged = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const api = express.Router();
    api.get('/calendar/:token.ics', (_req, res) => void res.send('BEGIN:VCALENDAR'));
    api.use(apiNotFound);
    const app = express().use(requestLog).use('/api', api);
    const calendarToken = 'Xq3v_0kT9bLmN2pRsT4uVwXyZ01234567-abcdEFGH';
    const invitation = '8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b';
    for (const path of [
      `/api/calendar/${calendarToken}`,
      `/api/c/${calendarToken.slice(0, 32)}/x`,
      `/nope/${invitation}`,
      // What a client may put in a path no route answers: an address, a position, a phone.
      '/api/users/bob.smith@example.com',
      '/api/pets/near/40.712812,-74.006015',
      '/api/call/+1-555-123-4567',
      '/api/invitations/jane.doe%40example.com/accept',
    ])
      expect((await request(app).get(`${path}?t=${calendarToken}`)).status).toBe(404);
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines.map((line) => line.path)).toEqual([
      '/api/calendar/…',
      '/api/c/…/x',
      '/nope/…',
      '/api/users/…',
      '/api/pets/near/…',
      '/api/call/…',
      '/api/invitations/…/accept',
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/Xq3v|8f1c2d3e|bob\.smith|jane\.doe|40\.71|555/);
  });
});
