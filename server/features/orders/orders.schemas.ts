import { z } from 'zod';
import { createOrderSchema } from '../../../shared/contracts/checkout';
import { idParam } from '../../lib/validate';

/** What each order route accepts. */
export const ordersSchemas = {
  order: { params: z.object({ id: idParam('Order') }) },
  placeOrder: { body: createOrderSchema },
};
