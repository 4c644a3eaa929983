import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { finderReports, messages, pets, users } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { isAccessiblePet, onAccessiblePet } from '../pets/pet-access';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversationByToken>>>;

const conversationColumns = {
  report: getTableColumns(finderReports),
  pet: { id: pets.id, name: pets.name },
};

/** The report a finder's secret token opens, with its pet; undefined when the token names none. */
export async function findConversationByToken(db: Db, token: string) {
  const [row] = await db
    .select(conversationColumns)
    .from(finderReports)
    .innerJoin(pets, eq(pets.id, finderReports.petId))
    .where(eq(finderReports.conversationToken, token));
  return row;
}

/** The report `reportId` with its pet, when `userId` may see the pet's reports (creator or Safety Circle). */
export async function findConversationForOwner(db: Db, reportId: string, userId: string) {
  const [row] = await db
    .select(conversationColumns)
    .from(finderReports)
    .innerJoin(pets, eq(pets.id, finderReports.petId))
    .where(and(eq(finderReports.id, reportId), onAccessiblePet(finderReports.petId, userId)));
  return row;
}

/** A conversation's messages, oldest first, as a chat reads. */
export function listMessages(db: Db, reportId: string) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.reportId, reportId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Every message on the reports of a pet `userId` may see, oldest first, with the writing owner's first name. */
export function listPetMessages(db: Db, petId: string, userId: string) {
  return db
    .select({ message: getTableColumns(messages), authorName: users.firstName })
    .from(messages)
    .innerJoin(finderReports, eq(finderReports.id, messages.reportId))
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(and(eq(finderReports.petId, petId), onAccessiblePet(finderReports.petId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function insertMessage(db: Executor, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row;
}

/** The pet `petId` as thanking its finders needs it, when `userId` may edit it (creator or Safety Circle). */
export async function findPetToThank(db: Executor, petId: string, userId: string) {
  const [pet] = await db
    .select({ id: pets.id, name: pets.name, isMissing: pets.isMissing, reunitedAt: pets.reunitedAt })
    .from(pets)
    .where(isAccessiblePet(petId, userId));
  return pet;
}

/**
 * Marks as thanked every conversation of the pet not thanked yet whose finder left a contact, and
 * answers them with their pet, newest first. One statement: two presses at once lock the same
 * rows, and the second finds none left to thank.
 */
export async function claimConversationsToThank(
  tx: Executor,
  pet: { id: string; name: string },
): Promise<ConversationRow[]> {
  const reports = await tx
    .update(finderReports)
    .set({ thankedAt: sql`now()` })
    .where(
      and(
        eq(finderReports.petId, pet.id),
        isNull(finderReports.thankedAt),
        sql`btrim(coalesce(${finderReports.finderContact}, '')) <> ''`,
      ),
    )
    .returning();
  return reports
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((report) => ({ report, pet: { id: pet.id, name: pet.name } }));
}
