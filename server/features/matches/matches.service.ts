import { foundSpeciesOf } from '../../../shared/contracts/found-report-schema';
import type { MatchEmails, PossibleMatch } from '../../../shared/contracts/matches';
import { type Language, OWNERS_LANGUAGE } from '../../../shared/i18n/languages';
import type { Db, Executor } from '../../db/connection';
import { notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import type { JobsService } from '../jobs/jobs.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { listPetOwners } from '../pets/pet-access';
import type { PushService } from '../push/push.service';
import type { MatchColour } from './colour-words';
import { matchEmail, matchPush } from './match-alert';
import {
  bestCandidates,
  type FoundPetFacts,
  MATCH_RADIUS_KM,
  MATCH_WINDOW_DAYS,
  type MissingPetFacts,
  type Sex,
  type Size,
  scoreMatch,
} from './match-score';
import { presentMatch } from './matches.presenter';
import {
  confirmClaimedMatch,
  countAlertedToday,
  decideMatch,
  type FoundReportRow,
  findEmailStops,
  findFoundReportPhotos,
  findMatchableFoundReport,
  findMatchablePet,
  findMatchStatus,
  findMatchToAlert,
  findMissingPetsNear,
  findOpenFoundReportsNear,
  findPetPhotos,
  insertEmailLink,
  insertMatches,
  lapseUndecidedMatches,
  listMatchesOfPet,
  type MissingPetRow,
  markEmailed,
  markNotAlerted,
  matchEmailsOn,
  type NewMatch,
  setMatchEmails,
  stopEmailsByLink,
} from './matches.repository';
import { meanShares, type PhotoReading, readPhoto } from './photo-colours';

const NO_PHOTO: PhotoReading = { colours: [], shares: {}, markings: [] };

/** 'This Is My Pet', as the found-reports feature does it: opens the conversation with the finder. */
export type ClaimForPet = (claim: { foundReportId: string; petId: string; userId: string }) => Promise<unknown>;

interface MatchesDeps {
  db: Db;
  jobs: JobsService;
  push: PushService;
  notifications: NotificationsService;
  publicUrl: string;
  /** Given once the found-reports service exists (services.ts builds it after this one). */
  claimForPet?: () => ClaimForPet | undefined;
}

const JOBS = {
  foundReport: 'matches.found-report',
  pet: 'matches.pet',
  alert: 'matches.alert',
} as const;

const DAY_MS = 86_400_000;

/** Alerts of possible matches the owners of one pet get in a day, at most (DESIGN section 7's cap). */
export const MATCH_ALERTS_PER_PET_PER_DAY = 5;

const petFacts = (pet: MissingPetRow, photo?: PhotoReading): MissingPetFacts => ({
  photoColours: photo?.colours,
  photoShares: photo?.shares,
  photoMarkings: photo?.markings,
  name: pet.name,
  species: pet.species,
  colour: pet.color,
  weight: pet.weight,
  sex: pet.sex,
  breed: pet.breed,
  lastSeen: { lat: pet.lastSeenLat as number, lng: pet.lastSeenLng as number },
  // When this absence began: the day the owner says it was last seen, else the day they reported it.
  missingSince: pet.lastSeenDate ?? pet.missingSince?.toISOString().slice(0, 10) ?? null,
});

const foundFacts = (report: FoundReportRow, photo: PhotoReading = NO_PHOTO): FoundPetFacts => ({
  species: report.species,
  colours: report.colors as MatchColour[],
  photoColours: photo.colours,
  photoShares: photo.shares,
  photoMarkings: photo.markings,
  size: report.size as Size,
  sex: (report.sex as Sex | null) ?? null,
  marks: report.marks,
  point: { lat: report.lat as number, lng: report.lng as number },
  shownPoint:
    report.cellLat !== null && report.cellLng !== null ? { lat: report.cellLat, lng: report.cellLng } : undefined,
  foundOn: report.foundAt.toISOString().slice(0, 10),
});

/**
 * Matching found pets to missing ones, both ways (docs/decisions, matching). A new found report is
 * scored against the missing pets within 10 km; a pet newly missing, or whose point moved, against
 * the open found reports of the last 30 days. Each pair is scored once (pet_matches): a dismissed
 * match never comes back. The owners of the best candidates above the threshold, at most five
 * per found report, are told by push and e-mail. All of it runs in the job queue, never in the
 * request that caused it.
 */
export function createMatchesService({ db, jobs, push, notifications, publicUrl, claimForPet }: MatchesDeps) {
  /**
   * What each report's photos show (all its photos' colours, their mean shares, each one's markings),
   * read once per report.
   */
  async function foundPhotoReadingsOf(reportIds: string[]) {
    const photos = await findFoundReportPhotos(db, reportIds);
    const readings = new Map<string, PhotoReading>();
    for (const id of reportIds) {
      const own = photos.filter((p) => p.foundReportId === id);
      const read = new Set<MatchColour>();
      const shares = [];
      const markings = [];
      for (const photo of own) {
        const reading = await readPhoto(photo.data);
        for (const c of reading.colours) read.add(c);
        shares.push(reading.shares);
        markings.push(...reading.markings);
      }
      readings.set(id, { colours: [...read], shares: meanShares(shares), markings });
    }
    return readings;
  }

  // What a pet's photo shows, by the photo's hash: the same photo is read once, however many found
  // pets it meets (a bounded memory: the oldest readings go first).
  const petPhotoReadings = new Map<string, PhotoReading>();
  const PET_PHOTOS_KEPT = 5000;

  /** What each pet's own photo shows, for the pets that have an uploaded one. */
  async function petPhotoReadingsOf(pets: MissingPetRow[]) {
    const unread = pets.filter((p) => p.photoHash && !petPhotoReadings.has(p.photoHash));
    for (const photo of await findPetPhotos(
      db,
      unread.map((p) => p.id),
    )) {
      if (petPhotoReadings.size >= PET_PHOTOS_KEPT)
        petPhotoReadings.delete(petPhotoReadings.keys().next().value as string);
      petPhotoReadings.set(photo.hash, await readPhoto(photo.medium ?? photo.full));
    }
    return (pet: MissingPetRow) => (pet.photoHash ? petPhotoReadings.get(pet.photoHash) : undefined);
  }

  /** Stores the new pairs and queues one alert per newly stored alerted pair, in one transaction. */
  async function propose(matches: NewMatch[]) {
    if (matches.length === 0) return;
    await db.transaction(async (tx) => {
      const stored = await insertMatches(tx, matches);
      for (const { petId, foundReportId } of stored)
        await jobs.enqueue(
          JOBS.alert,
          { petId, foundReportId },
          { tx, key: `${JOBS.alert}:${petId}:${foundReportId}` },
        );
    });
    jobs.kick();
  }

  jobs.define<{ foundReportId: string }>(JOBS.foundReport, async ({ foundReportId }) => {
    const report = await findMatchableFoundReport(db, foundReportId);
    if (!report) return;
    const facts = foundFacts(report, (await foundPhotoReadingsOf([report.id])).get(report.id));
    const candidates = await findMissingPetsNear(db, facts.point, report.species, MATCH_RADIUS_KM, report.id);
    const readingOf = await petPhotoReadingsOf(candidates);
    const scored = candidates.flatMap((pet) => {
      const match = scoreMatch(petFacts(pet, readingOf(pet)), facts);
      return match ? [{ petId: pet.id, ...match }] : [];
    });
    await propose(bestCandidates(scored).map((m) => ({ ...m, foundReportId: report.id, alerted: true })));
  });

  jobs.define<{ petId: string }>(JOBS.pet, async ({ petId }) => {
    const pet = await findMatchablePet(db, petId);
    if (!pet) return;
    const facts = petFacts(pet, (await petPhotoReadingsOf([pet]))(pet));
    const since = new Date(Date.now() - MATCH_WINDOW_DAYS * DAY_MS);
    const reports = await findOpenFoundReportsNear(
      db,
      facts.lastSeen,
      foundSpeciesOf(pet.species),
      MATCH_RADIUS_KM,
      since,
      pet.id,
    );
    const readings = await foundPhotoReadingsOf(reports.map((r) => r.id));
    const scored = reports.flatMap((report) => {
      const match = scoreMatch(facts, foundFacts(report, readings.get(report.id)));
      return match ? [{ foundReportId: report.id, ...match }] : [];
    });
    // The same bound from this side: at most five found pets proposed to one owner at a time.
    await propose(bestCandidates(scored).map((m) => ({ ...m, petId: pet.id, alerted: true })));
  });

  jobs.define<{ petId: string; foundReportId: string }>(JOBS.alert, async ({ petId, foundReportId }) => {
    const match = await findMatchToAlert(db, petId, foundReportId);
    if (match?.status !== 'proposed') return;
    // However many found pets look like theirs, owners hear of at most so many a day; the rest wait
    // on the profile, under Possible Matches.
    if ((await countAlertedToday(db, petId, foundReportId)) >= MATCH_ALERTS_PER_PET_PER_DAY) {
      await markNotAlerted(db, petId, foundReportId);
      logger.info({ petId, foundReportId }, 'possible match listed; alerts for today used up');
      return;
    }
    const alert = { ...match, foundReportId };
    const owners = await listPetOwners(db, petId);
    // An owner who unsubscribed from this pet's match e-mails still gets the push and the list.
    const stopped = await findEmailStops(db, petId);
    // All owners' e-mails in one transaction with the mark that they are queued: a run of this job
    // again (its instance died after queueing them) sends the push again, never the e-mails.
    const queued = await db.transaction(async (tx) => {
      if (!(await markEmailed(tx, petId, foundReportId))) return [];
      const emails = [];
      for (const owner of owners.filter((o) => !stopped.has(o.userId))) {
        const unsubscribe = newSecretToken();
        await insertEmailLink(tx, { tokenHash: unsubscribe.hash, petId, userId: owner.userId });
        const email = matchEmail(alert, owner, {
          publicUrl,
          language: OWNERS_LANGUAGE,
          unsubscribeToken: unsubscribe.token,
        });
        emails.push(await notifications.queue(email, tx));
      }
      return emails;
    });
    for (const notification of queued) void notifications.deliver(notification);
    await push.notifyPetOwners(petId, matchPush(alert, OWNERS_LANGUAGE));
    logger.info({ petId, foundReportId, owners: owners.length }, 'possible match alert sent');
  });

  return {
    /**
     * To call in the transaction that stores a new found report (or gives one posted without a point
     * its first point): its matching runs once the transaction commits, once per report (the job's
     * key). Call `kick()` after the commit.
     */
    async afterFoundReport(foundReportId: string, tx?: Executor) {
      await jobs.enqueue(JOBS.foundReport, { foundReportId }, { tx, key: `${JOBS.foundReport}:${foundReportId}` });
    },

    /**
     * A found report's point moved (its finder corrected it), in the move's transaction: the same
     * job as `afterFoundReport`, without its once-per-report key, as a pet's moved point queues
     * its own. Pairs already scored are skipped, so it meets only the missing pets near the new
     * point that it had not met, and a dismissed match never comes back. Call `kick()` after the
     * commit.
     */
    async afterFoundPointMoved(foundReportId: string, tx?: Executor) {
      await jobs.enqueue(JOBS.foundReport, { foundReportId }, { tx });
    },

    /**
     * A pet newly missing with a point, or whose point moved, is scored against the open found
     * reports of the last 30 days, queued in the change's own transaction. Pairs already scored are
     * skipped, so it meets only found reports it had not met.
     */
    missingPetListener: {
      record: (tx: Executor, petId: string) => jobs.enqueue(JOBS.pet, { petId }, { tx }),
      committed: () => jobs.kick(),
    },

    /** Runs what was queued after a commit. */
    kick: () => jobs.kick(),

    /**
     * The pet's possible matches, best first, the reasons in words of `language`, for its owners;
     * 404 for anyone else. Once the pet is safe, only the one its owners confirmed.
     */
    async matchesOfPet(userId: string, petId: string, language: Language): Promise<PossibleMatch[]> {
      const rows = await listMatchesOfPet(db, petId, userId);
      if (!rows) throw notFound('Pet');
      return rows.map((row) => presentMatch(row, language));
    },

    /**
     * A match e-mail's unsubscribe link: undefined for one we never sent; else the pet and whether
     * its reader has stopped these e-mails. With `use`, stops them: that pet's, for that owner, by
     * e-mail only (the alerts on their devices and the profile's list go on).
     */
    async unsubscribe(token: string, use: boolean) {
      const state = await stopEmailsByLink(db, hashSecretToken(token), use);
      if (state && use && !state.alreadyStopped)
        logger.info({ petId: state.petId }, 'an owner stopped possible-match e-mails');
      return state;
    },

    /** Whether the user gets e-mails about the pet's possible matches; 404 for a pet that is not theirs. */
    async matchEmails(userId: string, petId: string): Promise<MatchEmails> {
      const email = await matchEmailsOn(db, petId, userId);
      if (email === undefined) throw notFound('Pet');
      return { email };
    },

    /** Turns them on (after an unsubscribe) or off, for this user and pet alone. */
    async setMatchEmails(userId: string, petId: string, { email }: MatchEmails): Promise<MatchEmails> {
      if (!(await setMatchEmails(db, petId, userId, email))) throw notFound('Pet');
      return { email };
    },

    /** "That's {name}!": 'This Is My Pet' for this found report, which opens the conversation with its finder. */
    async confirm(userId: string, petId: string, foundReportId: string) {
      const status = await findMatchStatus(db, petId, foundReportId, userId);
      if (!status || status === 'dismissed' || status === 'lapsed') throw notFound('Match');
      // Asked again, the claim answers the one made (a claim is made once): the same answer.
      const claim = claimForPet?.();
      const claimed = claim ? await claim({ foundReportId, petId, userId }) : undefined;
      await decideMatch(db, { petId, foundReportId, userId, status: 'confirmed' });
      return claimed;
    },

    /**
     * The pet was claimed for the found report, in the claim's transaction: from the found pet's
     * own page as from "That's {name}!", the match is then confirmed, as the owner has said it.
     */
    async afterClaim(tx: Executor, petId: string, foundReportId: string): Promise<void> {
      await confirmClaimedMatch(tx, petId, foundReportId);
    },

    /**
     * The owner marked the pet safe (a pets service's home-safe listener, in that change's
     * transaction): the matches they never decided lapse (lapseUndecidedMatches).
     */
    async petIsHomeSafe(tx: Executor, petId: string): Promise<void> {
      const lapsed = await lapseUndecidedMatches(tx, petId);
      if (lapsed > 0) logger.info({ petId, lapsed }, 'undecided matches of a pet home safe lapsed');
    },

    /** 'Not {name}': the match leaves the profile, and never comes back. */
    async dismiss(userId: string, petId: string, foundReportId: string) {
      if (!(await decideMatch(db, { petId, foundReportId, userId, status: 'dismissed' }))) throw notFound('Match');
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
