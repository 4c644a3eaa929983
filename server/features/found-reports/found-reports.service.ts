import { finderContactKind, positionText } from '../../../shared/contracts/finder-reports';
import type {
  FiledFoundReport,
  FoundReportDetails,
  NearbyFoundReport,
  PublicFoundReport,
} from '../../../shared/contracts/found-report-schema';
import { FOUND_POINT_MOVES_PER_DAY, foundAtTime, foundSpeciesOf } from '../../../shared/contracts/found-report-schema';
import type { Language } from '../../../shared/i18n/languages';
import type { Db, Executor } from '../../db/connection';
import { badRequest, conflict, notFound, RateLimitedError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { logger } from '../../lib/logger';
import { waitInWords } from '../../lib/rate-limit';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import type { ConversationsService } from '../conversations/conversations.service';
import type { FinderReportsService } from '../finder-reports/finder-reports.service';
import { daysBetween, MATCH_RADIUS_KM, SLACK_DAYS } from '../matches/match-score';
import type { NotificationsService } from '../notifications/notifications.service';
import { addressHash } from '../notifications/notifications.service';
import { listPetOwners } from '../pets/pet-access';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { claimTurnedDownEmail, foundReportEmail } from './found-report.email';
import { managePath } from './found-report.paths';
import { encodeFoundPhotos } from './found-report.photos';
import { presentFoundReport, presentNearbyFoundReport } from './found-reports.presenter';
import {
  closeFoundReport,
  findClaimablePet,
  findClaimOfPet,
  findClaimState,
  findFoundPhoto,
  findFoundReport,
  findFoundReportByToken,
  findFoundReportsNear,
  insertFoundReport,
  kmFromLastSeen,
  listClaims,
  listMissingPetsOf,
  lockFoundReport,
  recordClaim,
  rejectClaim,
  renewFoundReport,
  reuniteReportsClaimedFor,
  setFoundPoint,
} from './found-reports.repository';

/**
 * Found reports one address may post: a finder posts one pet, perhaps two or three, and a shelter
 * volunteer on a shared connection a handful a day. A report can reach owners by matching: past
 * these, 429 and nothing stored. Only a stored report counts: each post is counted before any photo
 * is decoded (so that a burst cannot overtake the count) and given back when nothing is stored (a
 * photo that is not one, say), so that a finder who makes mistakes is not locked out.
 */
export const FOUND_REPORT_LIMITS = [
  { name: 'found-reports-hour', limit: 5, windowMs: 60 * 60_000 },
  { name: 'found-reports-day', limit: 20, windowMs: 24 * 60 * 60_000 },
];

/**
 * Found reports one signed-in account may post, counted for the account rather than its address: a
 * shelter's volunteers share one connection, and one of them may post the day's intake. An account
 * answers for what it posts; a flood from one address is still bounded by its attempts.
 */
export const FOUND_REPORT_ACCOUNT_LIMITS = [
  { name: 'found-reports-account-hour', limit: 20, windowMs: 60 * 60_000 },
  { name: 'found-reports-account-day', limit: 100, windowMs: 24 * 60 * 60_000 },
];

/**
 * Every post that reaches the photos, stored or not, never given back: each costs up to three photo
 * decodes, and refused posts would otherwise cost them without end. Generous: a finder retrying a
 * photo their phone cannot send does not reach it; a flood does.
 */
export const FOUND_REPORT_ATTEMPT_LIMIT = { name: 'found-reports-attempts-hour', limit: 30, windowMs: 60 * 60_000 };

/**
 * Moves of a saved place, per report and day: a finder corrects a slip of the pin once or twice;
 * each move is matched again and can alert new owners, so a place dragged about all day cannot
 * keep alerting the owners of every missing pet it passes. Placing a report that had no point is
 * no move.
 */
export const FOUND_POINT_MOVES_LIMIT = {
  name: 'found-point-moves-day',
  limit: FOUND_POINT_MOVES_PER_DAY,
  windowMs: 24 * 60 * 60_000,
};

/** Who is posting: the language they read the page in, and the address they send from. */
export interface Poster {
  language: Language;
  address: string | undefined;
  /** The account posting, when the poster is signed in. */
  userId?: string;
}

/** A claim: which found report, which of the owner's pets, and who says so (with an optional first message). */
export interface Claim {
  foundReportId: string;
  petId: string;
  userId: string;
  message?: string;
}

export interface ClaimResult {
  petId: string;
  petName: string;
  finderReportId: string;
}

/** A claim as its finder sees it: whose pet, whether they rejected it, and whether its owners thanked them. */
export interface ClaimForFinder {
  id: string;
  petName: string;
  rejected: boolean;
  thanked: boolean;
}

/** What the finder's management page shows: the report, and the owners' claims. */
export interface ManagedFoundReport {
  report: PublicFoundReport;
  /** The exact place the finder saved (theirs: only this page shows it), to correct; null before one is saved. */
  point: { lat: number; lng: number } | null;
  claims: ClaimForFinder[];
  /** The page's own address, absolute, for the finder to keep. */
  manageUrl: string;
  /** How a claim reaches the finder: an e-mail (once the address is confirmed) or only this page. */
  contactKind: 'email' | 'phone';
}

interface FoundReportsDeps {
  db: Db;
  rateLimits: RateLimitsService;
  notifications: NotificationsService;
  finderReports: FinderReportsService;
  conversations: ConversationsService;
  /** Matching (server/features/matches): each new report is scored against missing pets nearby. */
  matching?: {
    afterFoundReport(foundReportId: string, tx: Executor): Promise<void>;
    afterFoundPointMoved(foundReportId: string, tx: Executor): Promise<void>;
    afterClaim(tx: Executor, petId: string, foundReportId: string): Promise<void>;
    kick(): void;
  };
  publicUrl: string;
}

/**
 * Why a claim cannot be right, in words, or null: a found pet more than the matching radius from
 * where the pet was last seen (when both have a point), or found more than a day before the pet
 * went missing (when the pet says when). Anyone can say a pet is missing: without this, anyone
 * could claim any found pet of a species, anywhere.
 */
function implausibleClaim(
  pet: { name: string; lastSeenDate: string | null },
  report: { foundAt: Date },
  km: number | null,
): string | null {
  if (km !== null && km > MATCH_RADIUS_KM)
    return `This pet was found ${Math.round(km)} km from where ${pet.name} was last seen: too far to be ${pet.name}`;
  const days = daysBetween(pet.lastSeenDate, report.foundAt.toISOString().slice(0, 10));
  if (days !== null && days < -SLACK_DAYS) return `This pet was found before ${pet.name} went missing`;
  return null;
}

export function createFoundReportsService({
  db,
  rateLimits,
  notifications,
  finderReports,
  conversations,
  matching,
  publicUrl,
}: FoundReportsDeps) {
  /**
   * A claim its finder may still turn down, in `tx` with the report locked: the report open (else
   * 409: a report closed or expired keeps its claims as they were), the claim this report's and
   * standing (else 404). Asked before the page asks once more, and again when told yes.
   */
  async function standingClaim(tx: Executor, reportId: string, claimId: string) {
    const locked = await lockFoundReport(tx, reportId);
    if (!locked?.open) throw conflict('This report is closed: its claims can no longer be turned down');
    const claim = (await listClaims(tx, reportId)).find((one) => one.id === claimId && one.rejectedAt === null);
    if (!claim) throw notFound('Claim');
    return { id: claim.id, petId: claim.petId, petName: claim.petName };
  }

  async function openedByToken(token: string) {
    const found = await findFoundReportByToken(db, hashSecretToken(token));
    if (!found) throw notFound('Found pet');
    // The e-mailed link, opened: the address's owner reads our mail (their conversation may follow).
    if (found.mailed && finderContactKind(found.report.contact) === 'email')
      await notifications.confirmAddress(addressHash(found.report.contact));
    return found.report;
  }

  /** The report and its photos stored, once the address may post it (`create`, the one road to it). */
  async function storeReport(
    input: FoundReportDetails,
    photos: Buffer[],
    language: Language,
  ): Promise<FiledFoundReport> {
    const encoded = await encodeFoundPhotos(photos);
    const foundAt = foundAtTime(input.foundAt);
    if (!foundAt) throw badRequest('foundAt: The date found must be a date');
    const manage = newSecretToken();
    const email = finderContactKind(input.contact) === 'email' ? input.contact : undefined;
    const mailed = email ? newSecretToken() : undefined;
    const hasPoint = input.lat !== undefined && input.lat !== null && input.lng !== undefined && input.lng !== null;
    const { report, queued } = await db.transaction(async (tx) => {
      const report = await insertFoundReport(
        tx,
        {
          species: input.species,
          colors: input.colors,
          size: input.size,
          sex: input.sex,
          marks: input.marks ?? null,
          lat: hasPoint ? input.lat : null,
          lng: hasPoint ? input.lng : null,
          location: input.location ?? null,
          foundAt,
          whereNow: input.whereNow,
          shelterName: input.shelterName ?? null,
          contact: input.contact,
          locale: language,
          manageTokenHash: manage.hash,
          mailedTokenHash: mailed?.hash ?? null,
        },
        encoded,
      );
      // Without a point there is nothing to match yet: matching runs once it is pinned (setPoint),
      // the same hook, whose job is keyed by the report.
      if (hasPoint) await matching?.afterFoundReport(report.id, tx);
      const queued =
        email && mailed
          ? await notifications.queueToAddress(
              email,
              (firstContact) =>
                foundReportEmail(
                  { reportId: report.id, species: report.species, token: mailed.token, address: email, language },
                  firstContact,
                  publicUrl,
                ),
              tx,
            )
          : undefined;
      return { report, queued };
    });
    void notifications.deliver(queued);
    matching?.kick();
    logger.info({ foundReportId: report.id, photos: encoded.length, emailed: Boolean(queued) }, 'found pet posted');
    return { id: report.id, managePath: managePath(manage.token) };
  }

  return {
    /**
     * Posts a found pet: the limits first (the address's attempts counted for good; the reports of
     * the account, or of the address when signed out, given back when nothing is stored), then the
     * photos re-encoded (a bad one refuses all), then the report and, when the contact is an e-mail
     * address, the finder's e-mail with the management link, in one transaction. The finder gets
     * the id and their management link back.
     */
    async create(
      input: FoundReportDetails,
      photos: Buffer[],
      { language, address, userId }: Poster,
    ): Promise<FiledFoundReport> {
      const tooMany = (retryAfter: number, byAccount = false) =>
        new RateLimitedError(
          translator(language)(byAccount ? 'foundPet.errTooManyAccount' : 'foundPet.errTooMany', {
            wait: waitInWords(retryAfter, language),
          }),
          retryAfter,
        );
      const attempt = await rateLimits.hit(FOUND_REPORT_ATTEMPT_LIMIT, address ?? 'unknown');
      if (!attempt.allowed) throw tooMany(attempt.retryAfter);
      const [key, rules] = userId
        ? [`account:${userId}`, FOUND_REPORT_ACCOUNT_LIMITS]
        : [address ?? 'unknown', FOUND_REPORT_LIMITS];
      const counted: typeof rules = [];
      try {
        for (const rule of rules) {
          const limit = await rateLimits.hit(rule, key);
          counted.push(rule);
          if (!limit.allowed) throw tooMany(limit.retryAfter, Boolean(userId));
        }
        return await storeReport(input, photos, language);
      } catch (error) {
        // Nothing stored: the post is not one of the address's reports.
        for (const rule of counted) await rateLimits.refund(rule, key);
        throw error;
      }
    },

    /** The public page's report; 404 when there is none. */
    async view(id: string): Promise<PublicFoundReport> {
      const report = await findFoundReport(db, id);
      if (!report) throw notFound('Found pet');
      return presentFoundReport(report);
    },

    /** Open reports near a point, newest found first. */
    async near({ lat, lng, km }: { lat: number; lng: number; km: number }): Promise<NearbyFoundReport[]> {
      const rows = await findFoundReportsNear(db, { lat, lng }, km);
      return rows.map(({ report, photoHashes, distanceKm }) =>
        presentNearbyFoundReport({ ...report, photoHashes }, distanceKm),
      );
    },

    async photo(id: string, position: number) {
      const photo = await findFoundPhoto(db, id, position);
      if (!photo) throw notFound('Photo');
      return photo;
    },

    /** The finder's management page, from their link. */
    async managed(token: string): Promise<ManagedFoundReport> {
      const report = await openedByToken(token);
      const claims = (await listClaims(db, report.id)).map((claim) => ({
        id: claim.id,
        petName: claim.petName,
        rejected: claim.rejectedAt !== null,
        thanked: claim.thanked,
      }));
      return {
        report: presentFoundReport(report),
        point: report.lat !== null && report.lng !== null ? { lat: report.lat, lng: report.lng } : null,
        claims,
        manageUrl: `${publicUrl}${managePath(token)}`,
        contactKind: finderContactKind(report.contact) === 'email' ? 'email' : 'phone',
      };
    },

    /**
     * The place found, saved from the management page: pinned (a report posted without scripts has
     * none), it joins the board and is matched as a new report is; moved (a pin dropped in the wrong
     * place), it is matched again at the new point (`afterFoundPointMoved`), at most
     * `FOUND_POINT_MOVES_LIMIT` times a day (429). A closed or expired report answers 409; nothing
     * changes on any refusal. The same point again changes and counts nothing.
     */
    async setPoint(
      token: string,
      point: { lat: number; lng: number },
      language: Language,
    ): Promise<'placed' | 'moved'> {
      const report = await openedByToken(token);
      const outcome = await db.transaction(async (tx) => {
        const locked = await lockFoundReport(tx, report.id);
        if (!locked?.open) throw conflict('This report is closed: its place can no longer be changed');
        const { lat, lng } = locked.report;
        if (lat === null || lng === null) {
          await setFoundPoint(tx, report.id, point);
          await matching?.afterFoundReport(report.id, tx);
          return 'placed';
        }
        if (lat === point.lat && lng === point.lng) return 'unchanged';
        // In the transaction: the embedded database has one connection, and a refused move counts nothing.
        const limit = await rateLimits.hit(FOUND_POINT_MOVES_LIMIT, report.id, tx);
        if (!limit.allowed)
          throw new RateLimitedError(
            translator(language)('foundPet.errTooManyMoves', {
              limit: FOUND_POINT_MOVES_LIMIT.limit,
              wait: waitInWords(limit.retryAfter, language),
            }),
            limit.retryAfter,
          );
        await setFoundPoint(tx, report.id, point);
        await matching?.afterFoundPointMoved(report.id, tx);
        return 'moved';
      });
      if (outcome === 'unchanged') return 'moved';
      matching?.kick();
      logger.info({ foundReportId: report.id, outcome }, 'found report point saved');
      return outcome;
    },

    /** Another 30 days; a report its finder closed stays closed (409). */
    async renew(token: string): Promise<PublicFoundReport> {
      const report = await openedByToken(token);
      const renewed = await renewFoundReport(db, report.id);
      if (!renewed) throw conflict('This report is closed');
      logger.info({ foundReportId: report.id }, 'found report renewed');
      return presentFoundReport({ ...renewed, photoHashes: report.photoHashes });
    },

    /** Closes it as reunited or taken to a shelter: it leaves the board and matching. */
    async close(
      token: string,
      status: 'reunited' | 'shelter',
      shelterName?: string | null,
    ): Promise<PublicFoundReport> {
      const report = await openedByToken(token);
      const closed = await closeFoundReport(db, report.id, status, shelterName);
      if (!closed) throw conflict('This report is closed');
      logger.info({ foundReportId: report.id, status }, 'found report closed by its finder');
      return presentFoundReport({ ...closed, photoHashes: report.photoHashes });
    },

    /**
     * A conversation link for the finder of a claimed report, from their management page (a
     * finder who left a phone number gets no e-mail to open it from).
     */
    async conversationFor(token: string, claimId?: string): Promise<string> {
      const report = await openedByToken(token);
      const claim = (await listClaims(db, report.id)).find(
        (one) => one.rejectedAt === null && one.finderReportId !== null && (!claimId || one.id === claimId),
      );
      if (!claim?.finderReportId) throw notFound('Conversation');
      return conversations.linkForFinder(claim.finderReportId);
    },

    /** The standing claim the finder asks to turn down, for the page that asks once more (409, 404 as `rejectClaim`). */
    async claimToTurnDown(token: string, claimId: string) {
      const report = await openedByToken(token);
      return db.transaction((tx) => standingClaim(tx, report.id, claimId));
    },

    /**
     * The finder says an owner's claim is not the pet they found: that owner's conversation with
     * the finder ends (see `rejectClaim`); the other claims stand. Only on an open report (409) and
     * a standing claim of its own (404): nothing changes otherwise.
     */
    async rejectClaim(token: string, claimId: string): Promise<void> {
      const report = await openedByToken(token);
      const told = await db.transaction(async (tx) => {
        const claim = await standingClaim(tx, report.id, claimId);
        await rejectClaim(tx, report.id, claimId);
        // Its owners hear of it: they would otherwise wait on a conversation that no longer reaches anyone.
        const pet = { id: claim.petId, name: claim.petName };
        const owners = await listPetOwners(tx, pet.id);
        return Promise.all(
          owners.map((owner) => notifications.queue(claimTurnedDownEmail(owner, pet, report, publicUrl), tx)),
        );
      });
      for (const notification of told) void notifications.deliver(notification);
      logger.info({ foundReportId: report.id, claimId }, 'finder rejected a claim');
    },

    /**
     * The standing claims on the report: the pets of `userId`'s own that it was claimed for (they
     * see each claim done, not someone else's) and whether another owner's stands too.
     */
    claimState: (id: string, userId: string | undefined) => findClaimState(db, id, userId),

    /**
     * The missing pets `userId` may say the found pet `report` is: of its species, last seen near
     * it, and not already claimed for it.
     */
    missingPetsOf: (
      userId: string,
      report: { id: string; species: string; cellLat: number | null; cellLng: number | null },
    ) =>
      listMissingPetsOf(db, userId, {
        reportId: report.id,
        species: report.species,
        cell: report.cellLat !== null && report.cellLng !== null ? { lat: report.cellLat, lng: report.cellLng } : null,
        km: MATCH_RADIUS_KM,
      }),

    /**
     * 'This Is My Pet' (and the matching's 'That's {name}!'): `userId`, one of the pet's owners,
     * says the found pet is their missing pet. Nothing changes unless the pet is theirs (404),
     * missing, of the found pet's species and plausibly the found pet (400), and the report open
     * (409). Several owners may claim one found pet, each with their own conversation. It files a
     * finder report on the pet carrying the found report's place (its grid cell: a claim may be
     * mistaken, and the finder's exact point is theirs) and the finder's contact, so the
     * conversation runs through the usual relay: the finder is told of the claim (by e-mail when
     * the contact is an address), with the owner's first message if they wrote one. A second claim
     * of the same pet answers the first one's result, changing nothing.
     */
    async claimForPet({ foundReportId, petId, userId, message }: Claim): Promise<ClaimResult> {
      const outcome = await db.transaction(async (tx) => {
        const locked = await lockFoundReport(tx, foundReportId);
        if (!locked) throw notFound('Found pet');
        const { report, open } = locked;
        const pet = await findClaimablePet(tx, petId, userId);
        if (!pet) throw notFound('Pet');
        const earlier = await findClaimOfPet(tx, report.id, pet.id);
        if (earlier?.rejectedAt) throw conflict(`The finder has said this is not ${pet.name}`);
        if (earlier?.finderReportId) return { pet, finderReportId: earlier.finderReportId, first: false };
        if (!pet.isMissing) throw badRequest(`${pet.name} is not reported missing`);
        const kind = foundSpeciesOf(pet.species);
        if (kind !== report.species) {
          const listed = (species: string, subject: string) =>
            species === 'other' ? `${subject} is not a dog, cat, bird or rabbit` : `${subject} is a ${species}`;
          throw badRequest(`${listed(report.species, 'This found pet')}, and ${listed(kind, pet.name)}`);
        }
        const implausible = implausibleClaim(pet, report, await kmFromLastSeen(tx, report.id, pet));
        if (implausible) throw badRequest(implausible);
        if (!open) throw conflict('This found pet is no longer listed');
        const place =
          report.cellLat !== null && report.cellLng !== null
            ? { finderLatitude: String(report.cellLat), finderLongitude: String(report.cellLng) }
            : { finderLatitude: null, finderLongitude: null };
        const filed = await finderReports.fileForFoundPet(tx, {
          petId: pet.id,
          userId: pet.userId,
          finderLocation: report.location ?? positionText(place.finderLatitude ?? '', place.finderLongitude ?? ''),
          ...place,
          // Relayed, never shown: an address only receives the owners' replies by e-mail; a phone
          // number would be a 'Call the finder' link for whoever claims, so it stays behind (the
          // finder follows the conversation from their management page).
          finderContact: finderContactKind(report.contact) === 'email' ? report.contact : null,
          // The finder wrote nothing to the owner: the found pet's page is linked from the claim itself.
          message: null,
          locale: report.locale,
        });
        await recordClaim(tx, report.id, pet.id, filed.id);
        await matching?.afterClaim(tx, pet.id, report.id);
        return { pet, finderReportId: filed.id, first: true };
      });
      if (outcome.first) {
        logger.info({ foundReportId, petId, userId, finderReportId: outcome.finderReportId }, 'found pet claimed');
        // Without words of the owner's (the API, matching's confirm) the finder is told all the same.
        await conversations.claimOpened(userId, outcome.finderReportId, message?.trim() || undefined);
      }
      return { petId: outcome.pet.id, petName: outcome.pet.name, finderReportId: outcome.finderReportId };
    },

    /**
     * The owner marked the pet safe (a pets service's home-safe listener, in that change's
     * transaction): the found reports claimed for it are reunited.
     */
    async petIsHomeSafe(tx: Executor, petId: string): Promise<void> {
      const reunited = await reuniteReportsClaimedFor(tx, petId);
      if (reunited > 0) logger.info({ petId, reunited }, 'found reports reunited with their pet');
    },
  };
}

export type FoundReportsService = ReturnType<typeof createFoundReportsService>;
