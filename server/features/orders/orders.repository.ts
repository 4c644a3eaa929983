import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/contracts/store';
import { orders, pets, tagProducts } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { statusesBefore } from './order-status';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'petId'> & { petId: string | null };

// Every read joins what a page needs to title an order, so a list costs one query.
const withNames = {
  ...getTableColumns(orders),
  productName: tagProducts.name,
  productShape: tagProducts.shape,
  productMaterial: tagProducts.material,
  productImageUrl: tagProducts.imageUrl,
  petName: pets.name,
};
export type OrderWithNames = OrderRow & {
  productName: string;
  productShape: string;
  productMaterial: string;
  productImageUrl: string;
  petName: string | null;
};

const selectOrders = (db: Executor, where: SQL | undefined) =>
  db
    .select(withNames)
    .from(orders)
    .innerJoin(tagProducts, eq(tagProducts.id, orders.productId))
    .leftJoin(pets, eq(pets.id, orders.petId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));

export const listOrdersOf = (db: Db, userId: string): Promise<OrderWithNames[]> =>
  selectOrders(db, eq(orders.userId, userId));

export async function findOrderOf(db: Db, userId: string, id: string): Promise<OrderWithNames | undefined> {
  const [order] = await selectOrders(db, and(eq(orders.id, id), eq(orders.userId, userId)));
  return order;
}

export async function findOrderByPaymentIntent(
  db: Executor,
  paymentIntentId: string,
): Promise<OrderWithNames | undefined> {
  const [order] = await selectOrders(db, eq(orders.paymentIntentId, paymentIntentId));
  return order;
}

/**
 * Creates the order for a payment unless one exists: the unique index on payment_intent_id
 * settles any race (webhook against fallback, a redelivered event), and exactly one caller sees
 * `created: true`. A pet deleted since checkout is recorded as none rather than failing the order.
 */
export async function insertOrderOnce(db: Executor, order: NewOrder) {
  const { petId, ...rest } = order;
  const inserted = await db
    .insert(orders)
    .values({
      ...rest,
      petId:
        petId === null
          ? null
          : sql`(select ${pets.id} from ${pets} where ${pets.id} = ${petId} and ${pets.userId} = ${order.userId})`,
    })
    .onConflictDoNothing({ target: orders.paymentIntentId })
    .returning({ id: orders.id });
  const stored = await findOrderByPaymentIntent(db, order.paymentIntentId as string);
  return { order: stored as OrderWithNames, created: inserted.length === 1 };
}

/** Moves an order to `status` only if that is a step forward; answers whether it moved. */
export async function advanceOrderStatus(
  db: Db,
  id: string,
  status: OrderStatus,
  changes: Partial<Pick<OrderRow, 'trackingNumber' | 'printifyTrackingUrl'>> = {},
) {
  const moved = await db
    .update(orders)
    .set({ status, ...changes })
    .where(and(eq(orders.id, id), inArray(orders.status, statusesBefore(status))))
    .returning({ id: orders.id });
  return moved.length === 1;
}
