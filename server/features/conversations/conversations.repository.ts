import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import {
  conversationLinks,
  type FinderReportRow,
  finderReports,
  messages,
  pets,
  sightings,
  users,
} from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { inCurrentAbsence } from '../pets/absence';
import { isAccessiblePet, onAccessiblePet } from '../pets/pet-access';
import { type ClaimedFoundPet, claimedFoundPet, claimedFoundPetColumns, claimedOf } from './claimed-found-pet';

export type MessageRow = typeof messages.$inferSelect;

/** What a conversation belongs to: a finder's report or a sighting, by its id (the columns of messages and links). */
export type ConversationSubject =
  | { reportId: string; sightingId?: undefined }
  | { sightingId: string; reportId?: undefined };

/**
 * A conversation with what opened it. A sighting is read in a report's shape (its words as the
 * place, its note as the message, its contact as the finder's), so that the pages and e-mails of a
 * conversation serve both; `subject` says which it is.
 */
export interface ConversationRow {
  report: FinderReportRow;
  pet: { id: string; name: string };
  subject: ConversationSubject;
  /**
   * The found pet (its report's id and species) an owner's claim filed this report for: then the
   * finder sent no report to the owner, they posted a pet the owner says is theirs. Null otherwise.
   */
  claimed: ClaimedFoundPet | null;
}

const reportColumns = {
  report: getTableColumns(finderReports),
  pet: { id: pets.id, name: pets.name },
  ...claimedFoundPetColumns,
};
const sightingColumns = { sighting: getTableColumns(sightings), pet: { id: pets.id, name: pets.name } };

const ofReport = ({
  report,
  pet,
  ...claimed
}: {
  report: FinderReportRow;
  pet: ConversationRow['pet'];
  claimedId: string | null;
  claimedSpecies: string | null;
}): ConversationRow => ({ report, pet, subject: { reportId: report.id }, claimed: claimedFoundPet(claimed) });

const ofSighting = ({
  sighting,
  pet,
}: {
  sighting: typeof sightings.$inferSelect;
  pet: ConversationRow['pet'];
}): ConversationRow => ({
  pet,
  subject: { sightingId: sighting.id },
  claimed: null,
  report: {
    id: sighting.id,
    userId: '',
    petId: sighting.petId,
    finderName: null,
    finderLocation: sighting.location,
    finderLatitude: sighting.lat === null ? null : String(sighting.lat),
    finderLongitude: sighting.lng === null ? null : String(sighting.lng),
    message: sighting.note,
    finderContact: sighting.contact,
    locale: sighting.locale,
    thankedAt: null,
    closedByFinderAt: null,
    createdAt: sighting.createdAt,
  },
});

/**
 * The conversation the secret link hashed as `tokenHash` opens, with its pet and the address the
 * link was e-mailed to (hashed; null for the finder's own); undefined when it names none, or a
 * sighting the owners hid.
 */
export async function findConversationByLink(db: Db, tokenHash: string) {
  const [link] = await db.select().from(conversationLinks).where(eq(conversationLinks.tokenHash, tokenHash));
  if (!link) return undefined;
  const conversation = link.reportId
    ? await findReportConversation(db, link.reportId)
    : link.sightingId
      ? await findSightingConversation(db, link.sightingId)
      : undefined;
  return conversation && { ...conversation, mailedTo: link.mailedTo };
}

async function findReportConversation(db: Db, reportId: string, userId?: string) {
  const [row] = await db
    .select(reportColumns)
    .from(finderReports)
    .innerJoin(pets, eq(pets.id, finderReports.petId))
    .where(
      and(
        eq(finderReports.id, reportId),
        userId === undefined ? undefined : onAccessiblePet(finderReports.petId, userId),
      ),
    );
  return row && ofReport(row);
}

async function findSightingConversation(db: Db, sightingId: string, userId?: string) {
  const [row] = await db
    .select(sightingColumns)
    .from(sightings)
    .innerJoin(pets, eq(pets.id, sightings.petId))
    .where(
      and(
        eq(sightings.id, sightingId),
        isNull(sightings.hiddenAt),
        userId === undefined ? undefined : onAccessiblePet(sightings.petId, userId),
      ),
    );
  return row && ofSighting(row);
}

/** Stores a new secret link to a conversation, by its hash. */
export async function insertConversationLink(db: Executor, values: typeof conversationLinks.$inferInsert) {
  await db.insert(conversationLinks).values(values);
}

/** The report `reportId` with its pet, when `userId` may see the pet's reports (creator or Safety Circle). */
export const findConversationForOwner = (db: Db, reportId: string, userId: string) =>
  findReportConversation(db, reportId, userId);

/**
 * Whether sighting `sightingId` of pet `petId` is of the pet's current absence: the owners see only
 * those (decision 0032), so only those may still be written to.
 */
export async function isSightingOfCurrentAbsence(db: Db, sightingId: string, petId: string) {
  const [row] = await db
    .select({ id: sightings.id })
    .from(sightings)
    .where(and(eq(sightings.id, sightingId), inCurrentAbsence(sightings.createdAt, petId)));
  return row !== undefined;
}

/** The sighting `sightingId` (not hidden) of pet `petId` with its pet, when `userId` may see the pet. */
export async function findSightingConversationForOwner(db: Db, petId: string, sightingId: string, userId: string) {
  const conversation = await findSightingConversation(db, sightingId, userId);
  return conversation?.pet.id === petId ? conversation : undefined;
}

const onSubject = (subject: ConversationSubject) =>
  subject.reportId ? eq(messages.reportId, subject.reportId) : eq(messages.sightingId, subject.sightingId as string);

/** A conversation's messages, oldest first, as a chat reads. */
export function listMessages(db: Db, subject: ConversationSubject) {
  return db.select().from(messages).where(onSubject(subject)).orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Every message on the sightings of a pet `userId` may see (hidden ones left out), oldest first, with the writing owner's first name. */
export function listPetSightingMessages(db: Db, petId: string, userId: string) {
  return db
    .select({ message: getTableColumns(messages), authorName: users.firstName })
    .from(messages)
    .innerJoin(sightings, eq(sightings.id, messages.sightingId))
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(and(eq(sightings.petId, petId), isNull(sightings.hiddenAt), onAccessiblePet(sightings.petId, userId)))
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

/** A conversation to thank, with the contact its finder is known by (see `claimConversationsToThank`). */
export type ConversationToThank = ConversationRow & { finderContact: string };

/**
 * Marks as thanked every conversation of the pet not thanked yet whose finder can read it, and
 * answers them with their pet, newest first, each with the contact its finder is known by. A
 * finder can read it when they left a contact on their report, or when an owner's claim of the pet
 * they posted as found filed it: they follow it from their found-pet report's page, and are known
 * by the contact they left there (a phone number never reaches the report, see found reports). Not
 * once they closed it. One statement: two presses at once lock the same rows, and the second finds
 * none left to thank. The owners' view says who can be thanked by the same rule
 * (finder-reports.presenter.ts).
 */
export async function claimConversationsToThank(
  tx: Executor,
  pet: { id: string; name: string },
): Promise<ConversationToThank[]> {
  const claimContact = claimedOf('contact');
  const reports = await tx
    .update(finderReports)
    .set({ thankedAt: sql`now()` })
    .where(
      and(
        eq(finderReports.petId, pet.id),
        isNull(finderReports.thankedAt),
        isNull(finderReports.closedByFinderAt),
        sql`btrim(coalesce(${finderReports.finderContact}, ${claimContact}, '')) <> ''`,
      ),
    )
    .returning({ ...getTableColumns(finderReports), claimContact, ...claimedFoundPetColumns });
  return reports
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map(({ claimContact: contactOnFoundReport, claimedId, claimedSpecies, ...report }) => ({
      ...ofReport({ report, pet: { id: pet.id, name: pet.name }, claimedId, claimedSpecies }),
      finderContact: (report.finderContact ?? contactOnFoundReport) as string,
    }));
}

/**
 * The time zone `userId`'s browser last told, or null. Read in the caller's transaction: on the
 * embedded database the pool has one connection, which that transaction holds (`findUserById`
 * on the pool would wait for it until the query timeout).
 */
export async function timeZoneOf(db: Executor, userId: string): Promise<string | null> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return user?.timeZone ?? null;
}
