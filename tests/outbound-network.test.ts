import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, isThisMachine } from './support/loopback';

// The set-up every API test runs with (tests/support/api-test-setup.ts) refuses connections that
// leave this machine. Names under .invalid never resolve anywhere, so nothing can go out even if it did not.
let local: http.Server;
beforeAll(async () => {
  local = http.createServer((_req, res) => res.end('here'));
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => local.close(resolve)));

describe('the network in API tests', () => {
  it('when a test fetches an outside address, then the connection is refused before any lookup', async () => {
    const failure = await fetch('https://api.stripe.invalid/v1/payment_intents').catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).cause)).toContain('Outbound network is refused in tests: api.stripe.invalid');
  });

  it('when a test opens a plain socket to an outside address, then it is refused', () => {
    expect(() => http.get('http://mail.example.invalid:25/')).toThrow(/Outbound network is refused/);
  });

  it('when a test talks to a server on this machine, then it goes through', async () => {
    const { port } = local.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('here');
    expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('here');
  });

  it('when a host is named, then only this machine counts as loopback', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]']) expect(isLoopback(host)).toBe(true);
    for (const host of ['10.0.0.1', '192.168.1.1', 'example.com', '::ffff:10.0.0.1', '0.0.0.0'])
      expect(isLoopback(host)).toBe(false);
  });

  it('when a host is this machine’s own network address, then it counts as this machine, and others do not', () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address !== undefined)
      .map((address) => address.address);
    for (const host of own) expect(isThisMachine(host), host).toBe(true);
    for (const host of ['10.255.255.1', '203.0.113.9', 'example.com'].filter((h) => !own.includes(h)))
      expect(isThisMachine(host), host).toBe(false);
  });
});
