import net from 'node:net';
import os from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startFreezingProxy } from '../tests/support/freezing-proxy';
import { freePort, type ServerProcess, startServerProcess } from '../tests/support/server-process';

/** This machine's address on its network, as another machine would use it. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

// A machine with no network interface has no other address to try the server from. Each test
// starts a server process, which a busy machine takes a while to do.
describe.skipIf(!networkAddress)('starting with the development sign-in', { timeout: 90_000 }, () => {
  it('when started with no configuration, then only this machine can reach it and nothing warns', async () => {
    server = await startServerProcess();
    expect(await connects('127.0.0.1', server.port)).toBe(true);
    expect(await connects(networkAddress as string, server.port)).toBe(false);
    expect(server.output()).not.toContain('development sign-in reachable');
    // The README names Node 20: no dependency may warn at start that it wants a newer one.
    expect(server.output()).not.toMatch(/unsupported runtime|EBADENGINE/i);
  });

  it('when HOST opens it to the network, then the network reaches it and start-up warns', async () => {
    server = await startServerProcess({ HOST: '0.0.0.0' });
    expect(await connects(networkAddress as string, server.port)).toBe(true);
    const output = await server.waitForOutput((text) => text.includes('listening'));
    expect(output).toContain('HOST=0.0.0.0 makes the development sign-in reachable from the network');
  });
});

// Only a real server can be away at start and come later (the embedded one starts with the process).
describe.runIf(process.env.DATABASE_URL)('starting before the database', { timeout: 90_000 }, () => {
  it('when PostgreSQL comes a few seconds after the server, then the server waits for it and serves', async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    const port = await freePort();
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    url.host = `127.0.0.1:${port}`;
    // A database still starting: it cuts the first connection; then the real one takes the port.
    let cut = 0;
    const starting = net.createServer((socket) => {
      cut++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => starting.listen(port, '127.0.0.1', resolve));
    const proxy = (async () => {
      while (cut === 0) await setTimeout(100);
      await new Promise((resolve) => starting.close(resolve));
      return startFreezingProxy(target, port);
    })();
    try {
      server = await startServerProcess({ DATABASE_URL: url.href });
      expect(server.output()).toContain('waiting for the database');
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    } finally {
      await (await proxy).close();
    }
  });
});
