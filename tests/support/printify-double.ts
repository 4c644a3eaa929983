import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PrintifyDouble = Awaited<ReturnType<typeof startPrintifyDouble>>;

export interface DoubleOrder {
  id: string;
  external_id: string;
  status: string;
  request: any;
}

/**
 * A local HTTP double of the Printify order endpoints we use, in their documented shapes:
 * create (POST orders.json), list newest first (GET orders.json, paged), send to production.
 */
export async function startPrintifyDouble() {
  const orders: DoubleOrder[] = [];
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[] = [];
  // When set, the next create is stored but answered with a 500, as if the answer were lost.
  let loseNextAnswer = false;

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://double');
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== 'Bearer printify-token') return reply(401, { error: 'Unauthenticated.' });

    const shopOrders = url.pathname.match(/^\/v1\/shops\/([^/]+)\/orders\.json$/);
    if (shopOrders && req.method === 'POST') {
      const request = JSON.parse(body);
      const order = {
        id: crypto.randomBytes(12).toString('hex'),
        external_id: request.external_id,
        status: 'on-hold',
        request,
      };
      orders.unshift(order);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        return reply(500, { error: 'Internal error' });
      }
      return reply(200, { id: order.id });
    }
    if (shopOrders && req.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const data = orders
        .slice((page - 1) * limit, page * limit)
        .map(({ id, external_id, status }) => ({ id, external_id, status }));
      return reply(200, { current_page: page, last_page: Math.max(1, Math.ceil(orders.length / limit)), data });
    }
    const production = url.pathname.match(/^\/v1\/shops\/[^/]+\/orders\/([^/]+)\/send_to_production\.json$/);
    if (production && req.method === 'POST') {
      const order = orders.find((o) => o.id === production[1]);
      if (!order) return reply(404, { error: 'Not found' });
      order.status = 'sending-to-production';
      return reply(200, { id: order.id });
    }
    reply(404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    token: 'printify-token',
    orders,
    requests,
    loseNextAnswer() {
      loseNextAnswer = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Signs a webhook body as Printify does: X-Pfy-Signature: sha256=<hex HMAC-SHA256>. */
export const printifySignature = (body: string, secret: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
