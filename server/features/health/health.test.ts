import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
