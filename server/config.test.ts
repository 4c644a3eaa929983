import { describe, expect, it } from 'vitest';
import { exposedSignInWarning, loadConfig } from './config';

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
