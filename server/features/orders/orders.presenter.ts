import type { OrderView } from '../../../shared/contracts/store';
import type { OrderWithNames } from './orders.repository';

/** What an owner sees of an order: everything but whose it is, which they know. */
export const presentOrder = ({ userId, createdAt, deliveredAt, ...order }: OrderWithNames): OrderView => ({
  ...order,
  createdAt: createdAt.toISOString(),
  deliveredAt: deliveredAt?.toISOString() ?? null,
});
