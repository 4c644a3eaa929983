import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { formerPetMembers, petMembers, pets, secretLinks, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { isAccessiblePet, isCreatedPet } from '../pets/pet-access';

/** The purpose recorded on an invitation's secret link: the link does this one thing. */
export const INVITATION_PURPOSE = 'co-owner-invitation';

const person = { firstName: users.firstName, lastName: users.lastName, email: users.email };
export type Person = { firstName: string | null; lastName: string | null; email: string };

/** The pet `id` with its creator, when `userId` may read it (creator or member). */
export async function findAccessiblePet(db: Db, id: string, userId: string) {
  const [pet] = await db
    .select({ id: pets.id, name: pets.name, creatorId: pets.userId })
    .from(pets)
    .where(isAccessiblePet(id, userId));
  return pet;
}

/** The pet `id` with its creator's name, when `userId` created it. */
export async function findCreatedPet(db: Db, id: string, userId: string) {
  const [pet] = await db
    .select({ id: pets.id, name: pets.name, creator: person })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .where(isCreatedPet(id, userId));
  return pet;
}

/** The pet's creator, then its members in the order they joined. */
export async function listCircle(db: Db, petId: string) {
  const [creator] = await db
    .select({ userId: users.id, ...person })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .where(eq(pets.id, petId));
  const members = await db
    .select({ userId: users.id, ...person })
    .from(petMembers)
    .innerJoin(users, eq(users.id, petMembers.userId))
    .where(eq(petMembers.petId, petId))
    .orderBy(asc(petMembers.createdAt), asc(users.id));
  return { creator, members };
}

/** Invitations to the pet not yet accepted and still valid. */
export function listPendingInvitations(db: Db, petId: string) {
  return db
    .select({ email: secretLinks.email, expiresAt: secretLinks.expiresAt })
    .from(secretLinks)
    .where(
      and(
        eq(secretLinks.petId, petId),
        eq(secretLinks.purpose, INVITATION_PURPOSE),
        isNull(secretLinks.usedAt),
        gt(secretLinks.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(secretLinks.createdAt));
}

export async function insertInvitation(
  db: Executor,
  values: { tokenHash: string; petId: string; createdBy: string; email: string; expiresAt: Date },
) {
  await db.insert(secretLinks).values({ ...values, purpose: INVITATION_PURPOSE });
}

/** The invitation behind a token's hash, with its pet and who sent it; undefined when there is none. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [invitation] = await db
    .select({
      petId: secretLinks.petId,
      email: secretLinks.email,
      expiresAt: secretLinks.expiresAt,
      usedAt: secretLinks.usedAt,
      petName: pets.name,
      creatorId: pets.userId,
      inviter: person,
    })
    .from(secretLinks)
    .innerJoin(pets, eq(pets.id, secretLinks.petId))
    .innerJoin(users, eq(users.id, pets.userId))
    .where(and(eq(secretLinks.tokenHash, tokenHash), eq(secretLinks.purpose, INVITATION_PURPOSE)));
  return invitation;
}

/** Withdraws the pet's pending invitations to `email`; how many there were. */
export async function cancelInvitations(db: Executor, petId: string, email: string) {
  const cancelled = await db
    .delete(secretLinks)
    .where(
      and(
        eq(secretLinks.petId, petId),
        eq(secretLinks.purpose, INVITATION_PURPOSE),
        eq(secretLinks.email, email),
        isNull(secretLinks.usedAt),
      ),
    )
    .returning({ petId: secretLinks.petId });
  return cancelled.length;
}

/**
 * Uses the invitation once and adds `userId` to the pet's circle, together: of two acceptances at
 * once, one wins. False when the link was used or expired meanwhile.
 */
export function acceptInvitation(db: Db, tokenHash: string, petId: string, userId: string) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(secretLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(secretLinks.tokenHash, tokenHash), isNull(secretLinks.usedAt), gt(secretLinks.expiresAt, sql`now()`)),
      )
      .returning({ petId: secretLinks.petId });
    if (!claimed) return false;
    await tx.insert(petMembers).values({ petId, userId }).onConflictDoNothing();
    return true;
  });
}

/** Whether `userId` was a member of the pet's circle (and is no longer); a former member is remembered as one. */
export async function removeMember(db: Executor, petId: string, userId: string) {
  const removed = await db
    .delete(petMembers)
    .where(and(eq(petMembers.petId, petId), eq(petMembers.userId, userId)))
    .returning({ userId: petMembers.userId });
  if (removed.length === 0) return false;
  await db
    .insert(formerPetMembers)
    .values({ petId, userId })
    .onConflictDoUpdate({ target: [formerPetMembers.petId, formerPetMembers.userId], set: { leftAt: sql`now()` } });
  return true;
}
