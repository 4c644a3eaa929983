import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  finderReports,
  messages,
  orders,
  petMembers,
  petPhotos,
  pets,
  reminders,
  sessions,
  sightings,
  tagProducts,
  users,
  watchAreas,
} from '../../../shared/schema';
import type { Db } from '../../db/connection';

export type AccountData = NonNullable<Awaited<ReturnType<typeof readAccountData>>>;

/**
 * Everything an owner may take away: their account, the pets they created (with photos), their
 * reminders and orders, the finder reports and the sightings on their pets with each conversation
 * (hidden sightings too: they are kept, and the owner hid them), and the areas they watch.
 * Undefined when the account does not exist.
 */
export async function readAccountData(db: Db, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) return undefined;
  const ownPets = await db.select().from(pets).where(eq(pets.userId, userId)).orderBy(asc(pets.createdAt));
  const petIds = ownPets.map((pet) => pet.id);
  const reports = await db
    .select()
    .from(finderReports)
    .where(eq(finderReports.userId, userId))
    .orderBy(asc(finderReports.createdAt));
  const reportIds = reports.map((report) => report.id);
  const petSightings =
    petIds.length === 0
      ? []
      : await db
          .select()
          .from(sightings)
          .where(inArray(sightings.petId, petIds))
          .orderBy(asc(sightings.seenAt), asc(sightings.createdAt));
  const sightingIds = petSightings.map((sighting) => sighting.id);
  return {
    account,
    pets: ownPets,
    photos:
      petIds.length === 0
        ? []
        : await db
            .select({ petId: petPhotos.petId, contentType: petPhotos.contentType, data: petPhotos.data })
            .from(petPhotos)
            .where(inArray(petPhotos.petId, petIds)),
    reminders: await db
      .select()
      .from(reminders)
      .where(eq(reminders.userId, userId))
      .orderBy(asc(reminders.dueDate), asc(reminders.createdAt)),
    orders: await db
      .select({ order: orders, productName: tagProducts.name })
      .from(orders)
      .innerJoin(tagProducts, eq(tagProducts.id, orders.productId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt)),
    reports,
    watchAreas: await db
      .select()
      .from(watchAreas)
      .where(eq(watchAreas.userId, userId))
      .orderBy(asc(watchAreas.createdAt)),
    messages:
      reportIds.length === 0
        ? []
        : await db
            .select()
            .from(messages)
            .where(inArray(messages.reportId, reportIds))
            .orderBy(asc(messages.createdAt)),
    sightings: petSightings,
    sightingMessages:
      sightingIds.length === 0
        ? []
        : await db
            .select()
            .from(messages)
            .where(inArray(messages.sightingId, sightingIds))
            .orderBy(asc(messages.createdAt)),
  };
}

/**
 * The co-owners of the pets the user created, each with the pet and their own account: deleting
 * the account deletes those pets, and each co-owner is told.
 */
export async function listCoOwnersOfCreatedPets(db: Db, userId: string) {
  return db
    .select({ petName: pets.name, userId: users.id, email: users.email })
    .from(petMembers)
    .innerJoin(pets, eq(pets.id, petMembers.petId))
    .innerJoin(users, eq(users.id, petMembers.userId))
    .where(eq(pets.userId, userId));
}

/** The account's name as people know it. */
export async function findAccountName(db: Db, userId: string) {
  const [account] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

/**
 * Deletes the account and, through the tables' cascades, everything that is the user's: the pets
 * they created (with photos, reminders, finder reports, conversations, co-owners and secret links),
 * their reminders, memberships of others' pets, push subscriptions, checkouts and queued e-mails.
 * Paid orders stay for the accounts, without the name, address, phone and engraving; every
 * session of the user ends. False when there was no such account.
 */
export async function deleteAccount(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ shippingName: '', shippingAddress: '', shippingPhone: '', customText: null })
      .where(eq(orders.userId, userId));
    // passport keeps the signed-in user's id in the session's JSON.
    await tx.delete(sessions).where(sql`(${sessions.sess}::jsonb #>> '{passport,user,id}') = ${userId}`);
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length > 0;
  });
}

export async function setTimeZone(db: Db, userId: string, timeZone: string) {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}
