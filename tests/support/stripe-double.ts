import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** Last four digits of the card it was paid with, once paid. */
  last4?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A local HTTP double of Stripe's payment_intents endpoints, answering in Stripe's shapes
 * (form-encoded requests, JSON answers, idempotency keys, 404 resource_missing), so the real
 * `stripe` SDK can be pointed at it.
 */
export async function startStripeDouble() {
  const intents = new Map<string, DoubleIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];

  const present = (intent: DoubleIntent, expand: string[]) => {
    const { last4, ...rest } = intent;
    const method = last4 ? `pm_${intent.id.slice(3)}` : null;
    return {
      ...rest,
      payment_method:
        method && expand.includes('payment_method')
          ? { id: method, object: 'payment_method', type: 'card', card: { brand: 'visa', last4 } }
          : method,
    };
  };

  const metadataOf = (form: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = key.match(/^metadata\[(.+)\]$/);
      if (match) metadata[match[1]] = value;
    }
    return metadata;
  };

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://double');
    const form = new URLSearchParams(req.method === 'GET' ? url.search : body);
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomUUID()}` });
      res.end(JSON.stringify(payload));
    };
    const missing = () =>
      reply(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
      });

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const known = key && byIdempotencyKey.get(key);
      if (known) return reply(200, present(intents.get(known) as DoubleIntent, []));
      const id = `pi_${crypto.randomBytes(12).toString('hex')}`;
      const intent: DoubleIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        metadata: metadataOf(form),
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, id);
      return reply(200, present(intent, []));
    }
    const one = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (one) {
      const intent = intents.get(decodeURIComponent(one[1]));
      if (!intent) return missing();
      // As Stripe does: posted keys are merged in, and a key posted empty is removed.
      if (req.method === 'POST')
        for (const [key, value] of Object.entries(metadataOf(form))) {
          if (value === '') delete intent.metadata[key];
          else intent.metadata[key] = value;
        }
      return reply(200, present(intent, form.getAll('expand[]').concat(form.getAll('expand[0]'))));
    }
    reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    /** What Stripe does when the buyer's card goes through. */
    succeed(id: string, last4 = '4242') {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: 'succeeded', last4 });
      return intent;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;
