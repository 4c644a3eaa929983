import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/eventually';
import { startFreezingProxy } from '../../../tests/support/freezing-proxy';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createHealthService } from './health.service';

describe('readiness', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('when every migration is applied and a pet can be read, then /readyz answers 200', async () => {
    const res = await new Session(app.url).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
  });

  it('when a finder could not read a pet, then the app is not ready, though the database answers', async () => {
    const failingRead = { publicView: () => Promise.reject(new Error('prepared statement already exists')) };
    const health = createHealthService({ pool: app.database.pool, pets: failingRead });
    await expect(health.live()).resolves.toBeUndefined();
    expect(await health.ready()).toMatchObject({ ready: false, publicRead: false });
  });
});

// A hung database is one a real server can play (behind a proxy that stops passing bytes); the
// embedded one answers from inside the process.
describe.runIf(process.env.DATABASE_URL)('when the database stops answering, connections left open', () => {
  let app: TestApp;
  let proxy: Awaited<ReturnType<typeof startFreezingProxy>>;
  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    proxy = await startFreezingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    app = await startTestApp({ DATABASE_URL: url.href });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it('then /healthz and /readyz answer 503 within seconds, not never, and 200 again once it answers', async () => {
    const visitor = new Session(app.url);
    expect((await visitor.get('/healthz')).status).toBe(200);
    proxy.freeze();
    for (const path of ['/healthz', '/readyz']) {
      const started = Date.now();
      expect((await visitor.get(path)).status, path).toBe(503);
      expect(Date.now() - started, path).toBeLessThan(8_000);
    }
    proxy.thaw();
    await eventually(
      async () => (await visitor.get('/healthz')).status,
      (status) => status === 200,
    );
  });
});
