// The local push service of the watch areas' bench, on a thread of its own: verifying and decrypting
// 10,000 messages is the push service's work, not the app's, and must not share the app's event loop.
import { parentPort, Worker } from 'node:worker_threads';
import { startPushServiceDouble } from '../tests/support/push-service-double';

type Subscription = ReturnType<Awaited<ReturnType<typeof startPushServiceDouble>>['subscribe']>;
type Question = { kind: 'subscribe'; count: number } | { kind: 'received' } | { kind: 'close' };
type Request = Question & { id: number };

/** Starts the push service on a thread; its methods answer over messages. */
export async function startPushServiceThread() {
  // The thread reads TypeScript as the process does: tsx registered first, then this file.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`,
    { eval: true },
  );
  const waiting = new Map<number, (value: unknown) => void>();
  let next = 0;
  const ask = <T>(request: Question) =>
    new Promise<T>((resolve) => {
      const id = next++;
      waiting.set(id, resolve as (value: unknown) => void);
      worker.postMessage({ ...request, id });
    });
  const host = await new Promise<string>((resolve) =>
    worker.once('message', (message: { host: string }) => resolve(message.host)),
  );
  worker.on('message', ({ id, value }: { id: number; value: unknown }) => {
    waiting.get(id)?.(value);
    waiting.delete(id);
  });
  return {
    host,
    subscribe: (count: number) => ask<Subscription[]>({ kind: 'subscribe', count }),
    received: () => ask<{ received: number; refused: number }>({ kind: 'received' }),
    async close() {
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}

if (parentPort) {
  const port = parentPort;
  const service = await startPushServiceDouble();
  port.on('message', async (request: Request) => {
    if (request.kind === 'subscribe')
      port.postMessage({ id: request.id, value: Array.from({ length: request.count }, () => service.subscribe()) });
    if (request.kind === 'received')
      port.postMessage({
        id: request.id,
        value: { received: service.received.length, refused: service.refused.length },
      });
    if (request.kind === 'close') {
      await service.close();
      port.postMessage({ id: request.id, value: null });
    }
  });
  port.postMessage({ host: service.host });
}
