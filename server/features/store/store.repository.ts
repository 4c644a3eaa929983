import { asc, desc, eq } from 'drizzle-orm';
import { subscriptionPlans, tagProducts } from '../../../shared/schema';
import type { Db } from '../../db/connection';

/** The best seller first, then cheapest first. */
export const listTagProducts = (db: Db) =>
  db.select().from(tagProducts).orderBy(desc(tagProducts.isPopular), asc(tagProducts.price), asc(tagProducts.name));

export async function findTagProduct(db: Db, id: string) {
  const [product] = await db.select().from(tagProducts).where(eq(tagProducts.id, id));
  return product;
}

export const listSubscriptionPlans = (db: Db) =>
  db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.price), asc(subscriptionPlans.name));
