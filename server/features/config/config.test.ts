import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAP_TILE_URL: 'http://127.0.0.1:4999/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Test Tiles' });
});
afterAll(() => app?.close());

describe('map tiles', () => {
  it('when the client asks for its configuration, then it learns where tiles come from and whom to credit', async () => {
    const res = await new Session(app.url).get('/api/config');
    expect(res.body.mapTiles).toEqual({ url: 'http://127.0.0.1:4999/{z}/{x}/{y}.png', attribution: '© Test Tiles' });
  });

  it('when a page is served, then its Content-Security-Policy lets it load images from the tile server', async () => {
    const res = await new Session(app.url).get('/found');
    const imgSrc = /img-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(imgSrc?.split(' ')).toContain('http://127.0.0.1:4999');
  });
});
