import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOST_MAP_SETTINGS_ID, type LostMapSettings } from '../../../shared/lost-map';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Example' });
});
afterAll(() => app?.close());

/** What the board's map script reads from the page. */
function mapSettings(html: string): LostMapSettings {
  const json = new RegExp(`<script type="application/json" id="${LOST_MAP_SETTINGS_ID}">([^<]*)</script>`).exec(html);
  expect(json, 'the page carries the map settings').not.toBeNull();
  return JSON.parse(json?.[1] ?? '');
}

describe("the lost-pets board's map settings", () => {
  it('when a visitor who reads German opens the board, then its map gets the configured tiles and its words in German', async () => {
    const res = await new Session(app.url).request('GET', '/lost?lat=48.137&lng=11.575&km=5', undefined, {
      'accept-language': 'de',
    });
    const settings = mapSettings(res.text);
    expect(settings.tiles).toEqual({ url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example' });
    expect(settings.words.useMyPosition).toBe('Meinen Standort verwenden');
  });
});
