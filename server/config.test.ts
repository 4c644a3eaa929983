import { describe, expect, it } from 'vitest';
import { exposedSignInWarning, loadConfig, tileOrigin } from './config';

const external = {
  OIDC_ISSUER_URL: 'https://accounts.example.com',
  OIDC_CLIENT_ID: 'homeward',
  OIDC_CLIENT_SECRET: 'secret',
};

describe('where the server listens', () => {
  it('when nothing is configured, then it listens on this machine only and does not warn', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(exposedSignInWarning(config)).toBeUndefined();
  });

  it('when a real identity provider is configured, then it listens on every interface', () => {
    const config = loadConfig(external);
    expect(config.host).toBe('0.0.0.0');
    expect(exposedSignInWarning(config)).toBeUndefined();
  });

  it.each(['0.0.0.0', '::', '192.168.1.20'])(
    'when HOST=%s is set with the development sign-in, then it listens there and warns',
    (host) => {
      const config = loadConfig({ HOST: host });
      expect(config.host).toBe(host);
      expect(exposedSignInWarning(config)).toContain(`HOST=${host} makes the development sign-in reachable`);
    },
  );

  it.each(['127.0.0.1', 'localhost', '::1'])('when HOST=%s keeps it on this machine, then it does not warn', (host) => {
    expect(exposedSignInWarning(loadConfig({ HOST: host }))).toBeUndefined();
  });
});

describe('which proxies say who the client is', () => {
  it('when TRUST_PROXY is unset, then no X-Forwarded-For is believed, even behind an https PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://homeward.example' }).trustProxy).toBe(false);
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, fd00::/8,loopback', ['10.0.0.0/8', 'fd00::/8', 'loopback']],
  ])('when TRUST_PROXY=%s, then Express is told %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.0/33', '10.0.0.5/8/1', '1.5'])(
    'when TRUST_PROXY=%s is neither a count nor addresses, then the server refuses to start and says why',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY must be a number of proxies (e.g. 1) or a comma-separated list of their addresses',
      );
    },
  );
});

describe('map tiles', () => {
  it('when nothing is configured, then maps use OpenStreetMap’s standard tiles with their credit', () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
  });

  it('when a tile server and its credit are configured, then maps use them', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'http://127.0.0.1:4500/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© Test Tiles',
    });
    expect(config.mapTiles).toEqual({ url: 'http://127.0.0.1:4500/{z}/{x}/{y}.png', attribution: '© Test Tiles' });
  });

  it.each([
    ['no tile numbers', 'https://tiles.example.com/map.png'],
    ['no zoom', 'https://tiles.example.com/{x}/{y}.png'],
    ['not http', 'ftp://tiles.example.com/{z}/{x}/{y}.png'],
    ['not an address', '{z}/{x}/{y}.png'],
  ])('when MAP_TILE_URL has %s, then the server refuses to start and says why', (_, url) => {
    expect(() => loadConfig({ MAP_TILE_URL: url, MAP_ATTRIBUTION: '© Tiles' })).toThrow(/MAP_TILE_URL must be/);
  });

  it('when a tile server is configured without its credit, then the server refuses to start', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' })).toThrow(
      /set all of MAP_TILE_URL and MAP_ATTRIBUTION, or none/,
    );
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['http://127.0.0.1:4500/{z}/{x}/{y}.png', 'http://127.0.0.1:4500'],
    ['https://{s}.tiles.example.com/{z}/{x}/{y}{r}.png', 'https://*.tiles.example.com'],
  ])('when tiles come from %s, then the pages may load images from %s', (url, origin) => {
    expect(tileOrigin(url)).toBe(origin);
  });
});
