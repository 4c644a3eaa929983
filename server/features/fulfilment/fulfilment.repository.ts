import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/contracts/store';
import { orders, tagProducts, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { statusesBefore } from './order-status';

type OrderRow = typeof orders.$inferSelect;

// Fulfilment reads and moves what happens to an order after it is paid: its status (forward only),
// tracking and the print provider's ids. The order itself is made by the orders feature.

/**
 * Moves an order to `status` only if that is a step forward, noting when it was delivered (when the
 * carrier said, else now); answers whether it moved.
 */
export async function advanceOrderStatus(
  db: Db,
  id: string,
  status: OrderStatus,
  { deliveredAt, ...changes }: Partial<Pick<OrderRow, 'trackingNumber' | 'printifyTrackingUrl' | 'deliveredAt'>> = {},
) {
  const moved = await db
    .update(orders)
    .set({ status, ...changes, ...(status === 'delivered' && { deliveredAt: deliveredAt ?? sql`now()` }) })
    .where(and(eq(orders.id, id), inArray(orders.status, statusesBefore(status))))
    .returning({ id: orders.id });
  return moved.length === 1;
}

// ---------------------------------------------------------------- fulfilment by Printify

/** Where an order goes, for whoever sends it. */
const shippingColumns = {
  shippingName: orders.shippingName,
  shippingAddress: orders.shippingAddress,
  shippingCity: orders.shippingCity,
  shippingState: orders.shippingState,
  shippingZip: orders.shippingZip,
  shippingPhone: orders.shippingPhone,
};

/**
 * Runs `work` in a transaction holding a lock on this order's submission, so two callers (a
 * webhook and the client's fallback, or two server instances) never submit it twice. Answers
 * false without running `work` when another caller holds the lock.
 */
export function withSubmissionLock(db: Db, orderId: string, work: (tx: Executor) => Promise<void>) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext(${`printify-submit:${orderId}`})) as locked`,
    );
    if (!rows[0]?.locked) return false;
    await work(tx);
    return true;
  });
}

/** An order with what the print provider needs: the product's Printify ids and the buyer's e-mail. */
export async function findOrderForSubmission(tx: Executor, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      quantity: orders.quantity,
      printifyOrderId: orders.printifyOrderId,
      ...shippingColumns,
      printifyProductId: tagProducts.printifyProductId,
      printifyVariantId: tagProducts.printifyVariantId,
      email: users.email,
    })
    .from(orders)
    .innerJoin(tagProducts, eq(tagProducts.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return order;
}

export async function savePrintifyOrder(tx: Executor, orderId: string, printifyOrderId: string, status: string) {
  await tx.update(orders).set({ printifyOrderId, printifyStatus: status }).where(eq(orders.id, orderId));
}

export async function findOrderByPrintifyId(db: Db, printifyOrderId: string) {
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.printifyOrderId, printifyOrderId));
  return order;
}

export async function updateFulfilmentDetails(
  db: Db,
  id: string,
  changes: Partial<Pick<typeof orders.$inferSelect, 'printifyStatus' | 'trackingNumber' | 'printifyTrackingUrl'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await db.update(orders).set(changes).where(eq(orders.id, id));
}

// ---------------------------------------------------------------- fulfilment by hand (npm run orders)

const listColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  quantity: orders.quantity,
  totalPrice: orders.totalPrice,
  tagColor: orders.tagColor,
  customText: orders.customText,
  ...shippingColumns,
  trackingNumber: orders.trackingNumber,
  printifyTrackingUrl: orders.printifyTrackingUrl,
  productName: tagProducts.name,
};
export type FulfilmentListItem = Awaited<ReturnType<typeof listOrdersForFulfilment>>[number];

/** Paid orders, oldest first (the order to work through them); all of them, or those still open. */
export function listOrdersForFulfilment(db: Db, statuses?: readonly string[]) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(tagProducts, eq(tagProducts.id, orders.productId))
    .where(statuses ? inArray(orders.status, [...statuses]) : undefined)
    .orderBy(orders.createdAt, orders.id);
}

/** Orders whose id starts with `prefix` (the short id people see), at most a few. */
export function findOrdersByIdPrefix(db: Db, prefix: string) {
  return db
    .select({ id: orders.id, status: orders.status, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(like(sql`${orders.id}::text`, `${prefix.toLowerCase()}%`))
    .orderBy(desc(orders.createdAt))
    .limit(2);
}
