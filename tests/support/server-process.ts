import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';

export interface ServerProcess {
  /** The address on this machine. */
  url: string;
  port: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** The output once it satisfies `done` (the server logs after answering, not before); fails after `ms` without. */
  waitForOutput(done: (output: string) => boolean, ms?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A stand-in for the client build, which these tests do not need and should not wait for. */
function stubClient() {
  // Named after its entries: a checkout with other entries writes a stand-in of its own.
  const entries = {
    landing: 'src/landing-main.ts',
    scan: 'src/scan-main.tsx',
    conversation: 'src/conversation-main.tsx',
  };
  const dir = path.join(os.tmpdir(), `homeward-test-client-${Object.keys(entries).join('-')}`);
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Homeward</title><div id="root"></div>');
  const manifest = Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [source, { file: `assets/${name}.js`, isEntry: true }]),
  );
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * The server as `npm start` runs it, in its own process, with only the variables given (and the
 * test database): what it logs and where it listens are those of a real start. Uses PostgreSQL when
 * DATABASE_URL is set, otherwise an embedded database private to this test worker.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      DATA_DIR: path.resolve('.data', `process-${process.env.VITEST_POOL_ID ?? '0'}`),
      PORT: String(port),
      CLIENT_DIST: stubClient(),
      // Every test signs in from this one address, and on PostgreSQL the counters are shared with
      // the other test files running at the same time.
      SIGN_IN_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });

  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 80_000;
  for (;;) {
    if (exited(child)) throw new Error(`the server stopped while starting:\n${output}`);
    const ready = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 80 seconds:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    output: () => output,
    waitForOutput: (done, ms = 5000) => eventually(() => output, done, ms),
    async stop() {
      if (exited(child)) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
    },
  };
}
