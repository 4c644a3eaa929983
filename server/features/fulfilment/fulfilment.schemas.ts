import { z } from 'zod';

const shipment = z.object({
  carrier: z.string().nullish(),
  number: z.string().nullish(),
  url: z.string().nullish(),
  delivered_at: z.string().nullish(),
});

/** A Printify webhook delivery, once its signature has been checked. */
export const printifyEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  resource: z.object({
    id: z.string().min(1).max(200),
    type: z.string().max(100),
    data: z
      .object({
        shop_id: z.union([z.string(), z.number()]).nullish(),
        status: z.string().max(100).nullish(),
        shipments: z.array(shipment).nullish(),
      })
      .nullish(),
  }),
});
export type PrintifyEvent = z.infer<typeof printifyEventSchema>;
