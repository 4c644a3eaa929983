import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../shared/schema';
import { insertPaidOrder, signedInOwner } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { runOrdersCommand } from './orders-command';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function paidOrder() {
  const session = await signedInOwner(app);
  const { order } = await insertPaidOrder(app.database.db, session.user.id);
  return { session, order };
}

const stored = async (id: string) => (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0];

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOrdersCommand(app.database.db, args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the operator command (npm run orders)', () => {
  it('when listing, then open orders show with item, price, engraving and where to ship; delivered ones only with --all', async () => {
    const { order } = await paidOrder();
    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(order.id);
    expect(listed.out).toMatch(/pending\s+1 × .+ \(gold\)\s+\$\d+\.\d{2}/);
    expect(listed.out).toContain('Ship to: Jordan Lee, 12 Elm Street, Springfield, IL 62701 · (555) 010-0199');
    expect(listed.out).toContain('Engraving: "If found, call me"');

    expect((await run('deliver', order.id)).code).toBe(0);
    expect((await run('list')).out).not.toContain(order.id);
    expect((await run('list', '--all')).out).toContain(order.id);
  });

  it('when shipping by the short id, then the order is shipped with its tracking and the owner sees it', async () => {
    const { order, session } = await paidOrder();
    const short = order.id.slice(0, 8);
    const shipped = await run(
      'ship',
      short,
      '1Z999AA10123456784',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(shipped).toMatchObject({ code: 0, err: '' });
    expect(shipped.out).toBe(`Order ${short}: pending → shipped, tracking 1Z999AA10123456784.`);
    const seen = (await session.get(`/api/orders/${order.id}`)).body;
    expect(seen).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      printifyTrackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    // Shipping again corrects the tracking number; the status stays.
    expect((await run('ship', short, '1Z999AA10123456785')).out).toBe(
      `Order ${short}: tracking updated to 1Z999AA10123456785.`,
    );
    expect(await stored(order.id)).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456785' });
  });

  it('when a status would move backwards, then it is refused with the reason and nothing changes', async () => {
    const { order } = await paidOrder();
    const short = order.id.slice(0, 8);
    expect((await run('status', order.id, 'processing')).out).toBe(`Order ${short}: pending → processing.`);
    expect((await run('status', order.id, 'processing')).out).toBe(`Order ${short} is already processing.`);
    expect((await run('deliver', order.id)).code).toBe(0);
    for (const args of [
      ['status', order.id, 'shipped'],
      ['status', order.id, 'pending'],
      ['ship', order.id, 'TRACK-1'],
    ]) {
      const refused = await run(...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.err).toContain('statuses only move forward (pending → processing → shipped → delivered)');
    }
    expect(await stored(order.id)).toMatchObject({ status: 'delivered', trackingNumber: null });
  });

  it('when an order is delivered, then its owner sees the moment it was, and not before', async () => {
    const { session, order } = await paidOrder();
    await run('ship', order.id, 'TRACK-2');
    expect((await session.get(`/api/orders/${order.id}`)).body.deliveredAt).toBeNull();
    const before = Date.now();
    expect((await run('deliver', order.id)).code).toBe(0);
    const { deliveredAt } = (await session.get(`/api/orders/${order.id}`)).body;
    expect(Date.parse(deliveredAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(deliveredAt)).toBeLessThanOrEqual(Date.now() + 5_000);
    // Saying it again changes nothing: the day stays the day it arrived.
    await run('deliver', order.id);
    expect((await session.get(`/api/orders/${order.id}`)).body.deliveredAt).toBe(deliveredAt);
  });

  it('when the input is wrong, then it says what is wrong, with exit code 1 or 2', async () => {
    const { order } = await paidOrder();
    expect(await run('status', order.id, 'lost')).toMatchObject({
      code: 1,
      err: 'Give a status: one of pending, confirmed, processing, shipped, delivered.',
    });
    expect(await run('deliver', 'ffffffff')).toMatchObject({ code: 1, err: 'No order ffffffff.' });
    expect((await run('deliver', "1' or '1'='1")).err).toContain('is not an order id');
    expect((await run('deliver')).err).toBe('Give the order id.');
    expect((await run('ship', order.id)).err).toBe('Give the tracking number: ship <order id> <tracking> [url]');
    expect((await run('ship', order.id, 'T1', 'javascript:alert(1)')).err).toBe(
      'The tracking link must start with http:// or https://',
    );
    const unknown = await run('refund', order.id);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "refund"');
    expect(unknown.err).toContain('Usage: npm run orders -- <command>');
    expect((await stored(order.id)).status).toBe('pending');
  });

  it('when run as the real script beside the running server, then it works on the same database', async () => {
    const { order } = await paidOrder();
    const exec = promisify(execFile);
    const env = {
      ...process.env,
      DATA_DIR: process.env.TEST_DATA_DIR as string,
      LOG_LEVEL: 'silent',
    };
    const script = (...args: string[]) =>
      exec(process.execPath, ['--import', 'tsx', 'scripts/orders.ts', ...args], { env });
    const shipped = await script('ship', order.id.slice(0, 8), 'TRACK-42');
    expect(shipped.stdout).toContain('pending → shipped, tracking TRACK-42');
    expect(await stored(order.id)).toMatchObject({ status: 'shipped', trackingNumber: 'TRACK-42' });

    const refused = await script('status', order.id, 'pending').catch((err) => err);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('statuses only move forward');
    // Two cold starts of Node with the TypeScript loader: slower than a request on a busy machine.
  }, 60_000);
});
