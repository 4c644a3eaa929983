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
