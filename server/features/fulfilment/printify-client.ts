import { z } from 'zod';

export interface PrintifySettings {
  token: string;
  shopId: string;
  apiUrl: string;
}

export interface PrintifyAddress {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  region: string;
  address1: string;
  city: string;
  zip: string;
}

export interface PrintifyOrderRequest {
  external_id: string;
  label: string;
  line_items: { product_id: string; variant_id: number; quantity: number }[];
  shipping_method: number;
  send_shipping_notification: boolean;
  address_to: PrintifyAddress;
}

export class PrintifyError extends Error {
  override name = 'PrintifyError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const createdOrder = z.object({ id: z.string() });
const orderPage = z.object({
  current_page: z.number().optional(),
  last_page: z.number().optional(),
  data: z.array(z.object({ id: z.string(), external_id: z.string().nullish(), status: z.string().nullish() })),
});

// Orders are listed newest first; one we created moments ago is on the first page.
const LOOKUP_PAGES = 3;
const TIMEOUT_MS = 15_000;

/** Printify's order API (https://api.printify.com/v1), the calls fulfilment needs and no more. */
export function createPrintifyClient({ token, shopId, apiUrl }: PrintifySettings) {
  const base = `${apiUrl.replace(/\/$/, '')}/shops/${encodeURIComponent(shopId)}`;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'User-Agent': 'Homeward',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json;charset=utf-8' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new PrintifyError(res.status, `Printify answered ${res.status} to ${method} ${path}`);
    return text ? JSON.parse(text) : undefined;
  }

  return {
    async createOrder(order: PrintifyOrderRequest) {
      return createdOrder.parse(await request('POST', '/orders.json', order));
    },

    /** Printify documents no idempotency key: before submitting again, look for our own id. */
    async findOrderByExternalId(externalId: string) {
      for (let page = 1; page <= LOOKUP_PAGES; page++) {
        const listed = orderPage.parse(await request('GET', `/orders.json?page=${page}&limit=10`));
        const match = listed.data.find((order) => order.external_id === externalId);
        if (match) return match;
        if (listed.data.length === 0 || (listed.last_page ?? page) <= page) return undefined;
      }
      return undefined;
    },

    /** Orders made through the API wait "on-hold" until sent to production. */
    async sendToProduction(printifyOrderId: string) {
      await request('POST', `/orders/${encodeURIComponent(printifyOrderId)}/send_to_production.json`, {});
    },
  };
}

export type PrintifyClient = ReturnType<typeof createPrintifyClient>;
