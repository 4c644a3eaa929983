import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { formerPetMembers, petMembers, pets, users } from '../../../shared/schema';
import type { Executor } from '../../db/connection';

// Who may do what with a pet, written once for every repository that reads or writes a pet's rows
// (the pet, its reminders, finder reports, calendar feed, the pet an order is for).
//   - its creator (pets.user_id) and the members of its Safety Circle (pet_members) may read and
//     edit the pet and everything that belongs to it;
//   - only the creator may delete it (and, later, change who is in the circle).
// Anything else is answered as if the pet did not exist.

/** The ids of the pets `userId` may read and edit, as a subquery (each half uses its own index). */
export const petIdsAccessibleTo = (userId: string): SQL =>
  sql`(select ${pets.id} from ${pets} where ${pets.userId} = ${userId} union all select ${petMembers.petId} from ${petMembers} where ${petMembers.userId} = ${userId})`;

/** The ids of everyone who may read and edit the pet `petId` (its creator and Safety Circle), as a subquery. */
export const ownerIdsOf = (petId: string): SQL =>
  sql`(select ${pets.userId} from ${pets} where ${pets.id} = ${petId} union all select ${petMembers.userId} from ${petMembers} where ${petMembers.petId} = ${petId})`;

/** Whether `userId` was in the Safety Circle of the pet (the column `petId`) and left or was removed. */
export const wasMemberOf = (petId: Column, userId: string): SQL =>
  sql`exists (select 1 from ${formerPetMembers} where ${formerPetMembers.petId} = ${petId} and ${formerPetMembers.userId} = ${userId})`;

/** Rows whose pet (the column `petId`) `userId` may read and edit. */
export const onAccessiblePet = (petId: Column, userId: string): SQL => inArray(petId, petIdsAccessibleTo(userId));

/** The pet `id`, when `userId` may read and edit it. */
export const isAccessiblePet = (id: string, userId: string): SQL =>
  and(eq(pets.id, id), onAccessiblePet(pets.id, userId)) as SQL;

/** The pet `id`, when `userId` created it: deleting it is theirs alone. */
export const isCreatedPet = (id: string, userId: string): SQL => and(eq(pets.id, id), eq(pets.userId, userId)) as SQL;

/** Whether `userId` may read and edit the pet `petId` (one that does not exist: no). */
export async function isPetAccessible(db: Executor, userId: string, petId: string) {
  const [pet] = await db.select({ id: pets.id }).from(pets).where(isAccessiblePet(petId, userId));
  return pet !== undefined;
}

/**
 * Everyone who may read and edit the pet `petId`, with the address each is reached at: its creator
 * first, then the members of its Safety Circle. Whoever is told of a pet's news is told through this.
 */
export async function listPetOwners(db: Executor, petId: string) {
  const creator = db
    .select({ userId: users.id, email: users.email, timeZone: users.timeZone, rank: sql<number>`0`.as('rank') })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .where(eq(pets.id, petId));
  const members = db
    .select({ userId: users.id, email: users.email, timeZone: users.timeZone, rank: sql<number>`1`.as('rank') })
    .from(petMembers)
    .innerJoin(users, eq(users.id, petMembers.userId))
    .where(eq(petMembers.petId, petId));
  const owners = await unionAll(creator, members).orderBy(sql`rank`);
  return owners.map(({ userId, email, timeZone }) => ({ userId, email, timeZone }));
}

export type PetOwner = Awaited<ReturnType<typeof listPetOwners>>[number];
