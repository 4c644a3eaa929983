import { ORDER_STATUSES, type OrderStatus } from '../../../shared/contracts/store';

// Statuses only move forward. 'confirmed' (what the spec's client once wrote itself) ranks with pending.
const RANK: Record<OrderStatus, number> = { pending: 0, confirmed: 0, processing: 1, shipped: 2, delivered: 3 };

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export const statusRank = (status: string) => (isOrderStatus(status) ? RANK[status] : 0);

/** The statuses an order may be in for `target` to be a step forward. */
export const statusesBefore = (target: OrderStatus) => ORDER_STATUSES.filter((s) => RANK[s] < RANK[target]);
