import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process';

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
