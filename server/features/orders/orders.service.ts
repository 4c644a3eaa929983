import type { OrderView } from '../../../shared/contracts/store';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import { presentOrder } from './orders.presenter';
import { findOrderOf, listOrdersOf } from './orders.repository';

/** An owner's orders as they read them. How an order is made is the use case beside this file. */
export function createOrdersService({ db }: { db: Db }) {
  return {
    async listOrders(userId: string): Promise<OrderView[]> {
      return (await listOrdersOf(db, userId)).map(presentOrder);
    },

    async getOrder(userId: string, id: string): Promise<OrderView> {
      const order = await findOrderOf(db, userId, id);
      if (!order) throw notFound('Order');
      return presentOrder(order);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
