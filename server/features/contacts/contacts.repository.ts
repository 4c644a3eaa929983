import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { pets, secretLinks, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { isAccessiblePet, onAccessiblePet } from '../pets/pet-access';

/** The one purpose of the links this feature makes: confirming a pet's contact details, nothing else. */
const CONFIRMATION = 'contact-confirmation';

const daysBefore = (now: SQL, days: number) => sql`${now} - make_interval(days => ${days})`;

/** Not confirmed for `days` at `now`. */
const staleAt = (now: SQL, days: number) => lte(pets.contactConfirmedAt, daysBefore(now, days));

/**
 * Records that the pet's contact details are right, when `userId` may edit it; undefined when not
 * (or when there is no such pet).
 */
export async function confirmContactDetails(db: Executor, petId: string, userId: string) {
  const [row] = await db
    .update(pets)
    .set({ contactConfirmedAt: sql`now()` })
    .where(isAccessiblePet(petId, userId))
    .returning({ petId: pets.id, contactConfirmedAt: pets.contactConfirmedAt });
  return row;
}

/** The pets `userId` may edit whose details were not confirmed for `days`, longest unconfirmed first. */
export function listStalePets(db: Db, userId: string, days: number) {
  return db
    .select({ id: pets.id, name: pets.name, contactConfirmedAt: pets.contactConfirmedAt })
    .from(pets)
    .where(and(onAccessiblePet(pets.id, userId), staleAt(sql`now()`, days)))
    .orderBy(asc(pets.contactConfirmedAt), asc(pets.id));
}

export type ClaimedPet = Awaited<ReturnType<typeof claimStalePets>>[number];

/**
 * Claims up to `limit` pets due for a reminder at `now`: not confirmed for `days`, and not asked in
 * the last `days` either. The claim stamps contact_reminder_sent_at, so a pet is claimed once per
 * period; rows another instance is claiming are skipped, and one it has just claimed no longer
 * matches when it is re-checked. Answers each pet with its creator's account address.
 */
export async function claimStalePets(tx: Executor, { now, days, limit }: { now: Date; days: number; limit: number }) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = and(
    staleAt(at, days),
    or(isNull(pets.contactReminderSentAt), lte(pets.contactReminderSentAt, daysBefore(at, days))),
  );
  const claimable = tx
    .select({ id: pets.id })
    .from(pets)
    .where(due)
    .orderBy(asc(pets.contactConfirmedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await tx
    .update(pets)
    .set({ contactReminderSentAt: at })
    .where(and(inArray(pets.id, claimable), due))
    .returning({
      id: pets.id,
      name: pets.name,
      userId: pets.userId,
      ownerName: pets.ownerName,
      ownerPhone: pets.ownerPhone,
      ownerEmail: pets.ownerEmail,
      ownerAddress: pets.ownerAddress,
    });
  if (claimed.length === 0) return [];
  const owners = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((pet) => pet.userId))]));
  const emailOf = new Map(owners.map((owner) => [owner.id, owner.email]));
  return claimed.map((pet) => ({ ...pet, accountEmail: emailOf.get(pet.userId) ?? '' }));
}

/** Stores a confirmation link for the pet, valid until `expiresAt`. */
export async function insertConfirmationLink(
  tx: Executor,
  link: { tokenHash: string; petId: string; createdBy: string; expiresAt: Date },
) {
  await tx.insert(secretLinks).values({ ...link, purpose: CONFIRMATION });
}

const usable = (tokenHash: string) =>
  and(
    eq(secretLinks.tokenHash, tokenHash),
    eq(secretLinks.purpose, CONFIRMATION),
    isNull(secretLinks.usedAt),
    gt(secretLinks.expiresAt, sql`now()`),
  );

/** The pet a usable (unused, unexpired) confirmation link is for, with the details it confirms. */
export async function findPetOfLink(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      petId: pets.id,
      petName: pets.name,
      ownerName: pets.ownerName,
      ownerPhone: pets.ownerPhone,
      ownerEmail: pets.ownerEmail,
      ownerAddress: pets.ownerAddress,
    })
    .from(secretLinks)
    .innerJoin(pets, eq(pets.id, secretLinks.petId))
    .where(usable(tokenHash));
  return row;
}

/**
 * Uses the link: marks it used and confirms its pet's details, in one transaction; undefined when
 * the link is unknown, used or expired. Two clicks at once confirm once: the second finds it used.
 */
export function redeemConfirmationLink(db: Db, tokenHash: string) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(secretLinks)
      .set({ usedAt: sql`now()` })
      .where(usable(tokenHash))
      .returning({ petId: secretLinks.petId });
    if (!link) return undefined;
    const [row] = await tx
      .update(pets)
      .set({ contactConfirmedAt: sql`now()` })
      .where(eq(pets.id, link.petId))
      .returning({ petId: pets.id, contactConfirmedAt: pets.contactConfirmedAt });
    return row;
  });
}
