import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { orders, pets, tagProducts, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { isAccessiblePet } from '../pets/pet-access';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'userId' | 'petId'> & {
  userId: string;
  petId: string | null;
};

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
 * `created: true`. A pet deleted (or no longer shared) since checkout is recorded as none rather than
 * failing the order.
 */
export async function insertOrderOnce(db: Executor, order: NewOrder) {
  const { petId, ...rest } = order;
  const inserted = await db
    .insert(orders)
    .values({
      ...rest,
      petId:
        petId === null ? null : sql`(select ${pets.id} from ${pets} where ${isAccessiblePet(petId, order.userId)})`,
    })
    .onConflictDoNothing({ target: orders.paymentIntentId })
    .returning({ id: orders.id });
  const stored = await findOrderByPaymentIntent(db, order.paymentIntentId as string);
  return { order: stored as OrderWithNames, created: inserted.length === 1 };
}

/** Where an order's receipt goes: its buyer's address, and the time zone its times are told in. */
export async function findBuyer(db: Executor, userId: string) {
  const [buyer] = await db
    .select({ email: users.email, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return buyer;
}
