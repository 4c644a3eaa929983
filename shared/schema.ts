import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MatchReasons } from './contracts/matches';
import { type BackupContact, type PetSex, PUBLIC_PAGE_DEFAULTS, type PublicPageChoices } from './contracts/pets';
import { GRID_DEGREES } from './contracts/places';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: id(),
    // One account's (the spec's 'unique'), kept so by signing in (users.repository.ts), not by an
    // index: a database from before may hold an address twice, and no migration can tell whose it
    // is. Empty for an account whose provider never vouched for it once another's did.
    email: varchar('email', { length: 320 }).notNull(),
    // Whether the identity provider vouched for the address at the latest sign-in. Homeward e-mails
    // an account only at a vouched address: anyone can type someone else's into a provider that
    // does not check. Accounts from before this was kept were made by providers that did.
    emailVerified: boolean('email_verified').notNull().default(true),
    // Who the identity provider says this is; null until the account's first sign-in since subjects
    // were recorded (the account is then linked once, by a verified e-mail address).
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    // SHA-256 of the private calendar feed's secret, which only the page that made it ever shows;
    // null until the owner asks for one.
    calendarTokenHash: varchar('calendar_token_hash', { length: 64 }).unique(),
    // The IANA time zone of the owner's browser ('Europe/Paris'), as the app last said it: the times
    // in their e-mails are in it. Null until the app has said one: the e-mails then say UTC.
    timeZone: varchar('time_zone', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_oidc_subject_idx').on(t.oidcIssuer, t.oidcSubject), index('users_email_idx').on(t.email)],
);

// The shape connect-pg-simple expects.
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

// ---------------------------------------------------------------- pets

// The grid cell a stranger sees a last-seen point as (contracts/places.ts): its row's centre
// latitude, and the centre of its cell in that row, each row cut into a whole number of cells
// about GRID_DEGREES of latitude wide. Computed by the database, so the board's index, the scan
// page and the API all show one cell, and nothing written to the table can skip it.
const CELL_ROWS = Math.round(180 / GRID_DEGREES);
const cellLatitudeOf = (lat: string) =>
  `(-90 + (least(floor((${lat} + 90) / ${GRID_DEGREES}), ${CELL_ROWS - 1}) + 0.5) * ${GRID_DEGREES})`;
const cellsInRowOf = (lat: string) =>
  `greatest(1, floor(360 * cos(radians(${cellLatitudeOf(lat)})) / ${GRID_DEGREES}))`;
const cellLongitudeOf = (lat: string, lng: string) =>
  `(-180 + (least(floor((${lng} + 180) / (360 / ${cellsInRowOf(lat)})), ${cellsInRowOf(lat)} - 1) + 0.5) * (360 / ${cellsInRowOf(lat)}))`;
// Six decimals (about 0.1 m) hide the floating-point noise of the arithmetic, nothing more. No point,
// no cell: spelled out, because least() skips a null and would put a pet without a point at the pole.
const roundedTo6 = (expression: string, lat = 'last_seen_lat', lng = 'last_seen_lng') =>
  sql.raw(
    `case when ${lat} is null or ${lng} is null then null else round((${expression})::numeric, 6)::double precision end`,
  );
const cellLatitude = cellLatitudeOf('last_seen_lat');
const cellLongitude = cellLongitudeOf('last_seen_lat', 'last_seen_lng');

/** What makes a missing pet one the lost-pets board lists (with its partial index, below). */
export const LISTED_ON_LOST_BOARD = sql`is_missing and list_on_lost_map and last_seen_cell_lat is not null`;

export const pets = pgTable(
  'pets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    species: text('species').notNull(),
    breed: text('breed'),
    age: text('age'),
    weight: text('weight'),
    color: text('color'),
    // male or female; null when the owner did not say. Matching weighs it against a found report's.
    sex: varchar('sex', { length: 10 }).$type<PetSex>(),
    microchipId: text('microchip_id'),
    // An https link given by the owner; uploaded photos live in pet_photos instead.
    photoUrl: text('photo_url'),
    // Hash of the uploaded photo in pet_photos, used as the cache-busting version in links.
    photoHash: varchar('photo_hash', { length: 64 }),
    ownerName: text('owner_name').notNull(),
    ownerPhone: text('owner_phone').notNull(),
    ownerEmail: text('owner_email'),
    ownerAddress: text('owner_address'),
    vetName: text('vet_name'),
    vetPhone: text('vet_phone'),
    vetAddress: text('vet_address'),
    medicalNotes: text('medical_notes'),
    specialNeeds: text('special_needs'),
    isMissing: boolean('is_missing').notNull().default(false),
    lastSeenLocation: text('last_seen_location'),
    lastSeenDate: text('last_seen_date'),
    // The last-seen point, exact: for the pet's owners only. Both or neither.
    lastSeenLat: doublePrecision('last_seen_lat'),
    lastSeenLng: doublePrecision('last_seen_lng'),
    // The same point on the strangers' grid (see cellLatitude above): what anyone else is shown.
    lastSeenCellLat: doublePrecision('last_seen_cell_lat').generatedAlwaysAs(roundedTo6(cellLatitude)),
    lastSeenCellLng: doublePrecision('last_seen_cell_lng').generatedAlwaysAs(roundedTo6(cellLongitude)),
    // The Public Page switch 'List on the lost-pets map': a missing pet is on the board unless it is off.
    listOnLostMap: boolean('list_on_lost_map').notNull().default(true),
    // When the owner last looked at this pet's finder reports.
    reportsSeenAt: timestamp('reports_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // The code engraved under the QR code, typed on /found by a finder who cannot scan. Drawn by
    // the database (see the migration), from an alphabet without look-alikes.
    shortCode: varchar('short_code', { length: 7 }).notNull().unique().default(sql`homeward_short_code()`),
    // What the scan page shows a stranger: the owner's choice, field by field (contracts/pets.ts).
    publicPage: jsonb('public_page').$type<PublicPageChoices>().notNull().default(PUBLIC_PAGE_DEFAULTS),
    // People without accounts a finder may call when the owner does not answer (at most three).
    backupContacts: jsonb('backup_contacts').$type<BackupContact[]>().notNull().default([]),
    // When the owner last said the contact details are right (or changed them), and when we last
    // asked them by e-mail: one reminder per stale period.
    contactConfirmedAt: timestamp('contact_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    contactReminderSentAt: timestamp('contact_reminder_sent_at', { withTimezone: true }),
    // Set when a missing pet is marked safe, cleared when it goes missing again.
    reunitedAt: timestamp('reunited_at', { withTimezone: true }),
    // When its current absence began: set when the pet goes missing, cleared when it is marked safe.
    // What belongs to one absence (the neighbours' alerts, the sightings) is told apart by it.
    missingSince: timestamp('missing_since', { withTimezone: true }),
    // The last "tag was scanned" alert, so a missing pet's owner gets at most one an hour.
    lastScanAlertAt: timestamp('last_scan_alert_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pets_user_id_idx').on(t.userId, t.createdAt),
    // The lost-pets board's nearby query (server/lib/geo.ts): only listed pets, by cell, on the earth's surface.
    index('pets_lost_board_idx')
      .using('gist', sql`ll_to_earth(${t.lastSeenCellLat}, ${t.lastSeenCellLng})`)
      .where(LISTED_ON_LOST_BOARD),
    // Matching a found pet to missing ones (server/features/matches): every missing pet with a point, by
    // the exact point (the owner alone learns of a match), whatever the board switch says.
    index('pets_missing_point_idx')
      .using('gist', sql`ll_to_earth(${t.lastSeenLat}, ${t.lastSeenLng})`)
      .where(sql`is_missing and last_seen_lat is not null`),
    check('pets_sex_check', sql`${t.sex} in ('male', 'female')`),
    check(
      'pets_last_seen_point_check',
      sql`(${t.lastSeenLat} is null) = (${t.lastSeenLng} is null) and ${t.lastSeenLat} between -90 and 90 and ${t.lastSeenLng} between -180 and 180`,
    ),
  ],
);

// The Safety Circle: people who co-own a pet with its creator (pets.userId), who alone may delete
// the pet and change who is in the circle.
export const petMembers = pgTable(
  'pet_members',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.petId, t.userId] }), index('pet_members_user_id_idx').on(t.userId)],
);

// Who was in a pet's Safety Circle and is no longer (removed, or left), so that the pet's old
// link tells them their access ended rather than that the pet does not exist.
export const formerPetMembers = pgTable(
  'former_pet_members',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.petId, t.userId] })],
);

// Secret links that do one thing (confirm a pet's contact details, accept a co-ownership
// invitation): only a hash of the token is kept, since no page ever shows the link again.
export const secretLinks = pgTable(
  'secret_links',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 40 }).notNull(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    // Who made the link (the inviting owner; the pet's creator for a confirmation).
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
    // The invited person's address, for an invitation.
    email: varchar('email', { length: 320 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('secret_links_pet_id_idx').on(t.petId)],
);

// Visits to a pet's scan page by anyone but its owners; a position only when the finder shared one.
export const scanVisits = pgTable(
  'scan_visits',
  {
    id: id(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    latitude: text('latitude'),
    longitude: text('longitude'),
    createdAt: createdAt(),
  },
  (t) => [index('scan_visits_pet_id_idx').on(t.petId, t.createdAt)],
);

export const petPhotos = pgTable('pet_photos', {
  petId: uuid('pet_id')
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  contentType: varchar('content_type', { length: 40 }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  // Re-encoded on the server: at most 800 px on the longer side, 320 px for phones, 160 px for lists.
  data: bytea('data').notNull(),
  medium: bytea('medium'),
  thumbnail: bytea('thumbnail'),
});

// A finder's report (Share Location). The table keeps the name of the spec's route, /api/gps-pings.
export const finderReports = pgTable(
  'gps_pings',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    finderName: text('finder_name'),
    finderLocation: text('finder_location'),
    finderLatitude: text('finder_latitude'),
    finderLongitude: text('finder_longitude'),
    message: text('message'),
    // A phone number or e-mail address the finder chose to leave; shown to the owner only as a
    // phone link (an address is used to send the owner's replies, never shown).
    finderContact: text('finder_contact'),
    // The finder's language, for the e-mails they receive.
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    // When the owners sent this finder the one-tap thank-you: no finder is thanked twice.
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
    // When the finder closed the conversation (a found pet's finder said 'Not the Pet I Found' to the
    // claim that filed this report): the owners can no longer write in it.
    closedByFinderAt: timestamp('closed_by_finder_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('gps_pings_user_id_idx').on(t.userId), index('gps_pings_pet_id_idx').on(t.petId, t.createdAt)],
);

// Someone saw a missing pet (without holding it) and said where and when: "I Saw This Pet". The
// exact point, the contact and the photo are for the pet's owners only, never shown to anyone else.
export const sightings = pgTable(
  'sightings',
  {
    id: id(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    // Where the pet was seen: a point, words, or both (at least one, see the check).
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    location: text('location'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    // Which way it was going: one of SIGHTING_HEADINGS (contracts/sighting-schema.ts), or null.
    heading: varchar('heading', { length: 20 }),
    note: text('note'),
    // The sighter's photo, re-encoded like a pet's (at most 800 px, JPEG, no metadata).
    photo: bytea('photo'),
    photoHash: varchar('photo_hash', { length: 64 }),
    // A phone number or e-mail address the sighter chose to leave: a phone is shown to the owners
    // as a call link, an address only carries their replies (never shown).
    contact: text('contact'),
    // The sighter's language, for the e-mails they receive.
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    // Set when an owner hid it as spam: it then leaves every view.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sightings_pet_id_idx').on(t.petId, t.createdAt),
    check(
      'sightings_place_check',
      sql`(${t.lat} is null) = (${t.lng} is null) and ${t.lat} between -90 and 90 and ${t.lng} between -180 and 180 and (${t.lat} is not null or btrim(coalesce(${t.location}, '')) <> '')`,
    ),
  ],
);

// A conversation between a pet's owners and a finder, opened by the finder's report, or between the
// owners and someone who saw the pet, opened by their sighting: exactly one of the two.
export const messages = pgTable(
  'messages',
  {
    id: id(),
    reportId: uuid('report_id').references(() => finderReports.id, { onDelete: 'cascade' }),
    sightingId: uuid('sighting_id').references(() => sightings.id, { onDelete: 'cascade' }),
    author: varchar('author', { length: 10 }).$type<'finder' | 'owner'>().notNull(),
    // The owner or co-owner who wrote it; null for the finder.
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_report_id_idx').on(t.reportId, t.createdAt),
    index('messages_sighting_id_idx').on(t.sightingId, t.createdAt),
    check('messages_one_subject_check', sql`num_nonnulls(${t.reportId}, ${t.sightingId}) = 1`),
  ],
);

// The secret links (/c/{token}) that open a conversation, by the SHA-256 of their token: one handed
// to the finder's (or sighter's) browser when they report, and one in each e-mail sent to them.
export const conversationLinks = pgTable(
  'conversation_links',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    reportId: uuid('report_id').references(() => finderReports.id, { onDelete: 'cascade' }),
    sightingId: uuid('sighting_id').references(() => sightings.id, { onDelete: 'cascade' }),
    // The address (its hash, as in mail_recipients) this link was e-mailed to; null for the
    // finder's browser. Opening an e-mailed link shows that the address's owner reads our mail.
    mailedTo: varchar('mailed_to', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_links_report_id_idx').on(t.reportId),
    index('conversation_links_sighting_id_idx').on(t.sightingId),
    check('conversation_links_one_subject_check', sql`num_nonnulls(${t.reportId}, ${t.sightingId}) = 1`),
  ],
);

// ---------------------------------------------------------------- found pets

/** A found report still on the board and in matching: open, and not past its 30 days. */
export const FOUND_REPORT_OPEN = sql`status = 'open' and expires_at > now()`;

// A pet someone found (without a tag to scan), reported by anyone, signed in or not. Its finder
// manages it through a secret link (renew, close); an owner who recognises their pet claims it,
// which files a finder report on that pet so that the conversation runs through the usual relay.
export const foundReports = pgTable(
  'found_reports',
  {
    id: id(),
    // One of the pet form's species (contracts/found-report-schema.ts), lower case.
    species: varchar('species', { length: 20 }).notNull(),
    // Words of the fixed colour list, at least one.
    colors: text('colors').array().notNull(),
    size: varchar('size', { length: 10 }).notNull(),
    sex: varchar('sex', { length: 10 }),
    marks: text('marks'),
    // Where it was found, exact: for matching only, never shown to anyone. Both or neither; a
    // report without a point (sent without scripts) has the place in words instead.
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    // The same point on the strangers' grid: what the page, the board and the API show.
    cellLat: doublePrecision('cell_lat').generatedAlwaysAs(roundedTo6(cellLatitudeOf('lat'), 'lat', 'lng')),
    cellLng: doublePrecision('cell_lng').generatedAlwaysAs(roundedTo6(cellLongitudeOf('lat', 'lng'), 'lat', 'lng')),
    location: text('location'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    whereNow: varchar('where_now', { length: 10 }).notNull(),
    shelterName: text('shelter_name'),
    // The finder's phone number or e-mail address: relayed, never shown to anyone.
    contact: text('contact').notNull(),
    // The finder's language, for the e-mails they receive.
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    // open, reunited, shelter, expired. An open report past expires_at counts as expired wherever
    // it is read (FOUND_REPORT_OPEN), whether or not the status was written yet.
    status: varchar('status', { length: 10 })
      .$type<'open' | 'reunited' | 'shelter' | 'expired'>()
      .notNull()
      .default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now() + interval '30 days'`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // SHA-256 of the finder's management link (renew, close): the link itself is never stored.
    manageTokenHash: varchar('manage_token_hash', { length: 64 }).notNull().unique(),
    // The same, for the link e-mailed to the finder: opening it shows the address's owner reads our
    // mail, so that the owner's replies after a claim may reach it (notifications' queueToAddress).
    mailedTokenHash: varchar('mailed_token_hash', { length: 64 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // The found-pets board: open reports, by cell.
    index('found_reports_board_idx')
      .using('gist', sql`ll_to_earth(${t.cellLat}, ${t.cellLng})`)
      .where(sql`status = 'open' and cell_lat is not null`),
    // Matching: open reports, by their exact point.
    index('found_reports_point_idx')
      .using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`)
      .where(sql`status = 'open' and lat is not null`),
    check(
      'found_reports_point_check',
      sql`(${t.lat} is null) = (${t.lng} is null) and ${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`,
    ),
    check('found_reports_place_check', sql`${t.lat} is not null or ${t.location} is not null`),
    check('found_reports_status_check', sql`${t.status} in ('open', 'reunited', 'shelter', 'expired')`),
  ],
);

// 'This Is My Pet': each owner who says a found pet is their missing pet, with the finder report
// the claim filed (their own conversation with the finder, through the relay). Several owners may
// claim one found pet; the finder may reject a claim ('Not the pet I found'), which ends it.
export const foundReportClaims = pgTable(
  'found_report_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    foundReportId: uuid('found_report_id')
      .notNull()
      .references(() => foundReports.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    finderReportId: uuid('finder_report_id').references(() => finderReports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('found_report_claims_report_pet_idx').on(t.foundReportId, t.petId),
    index('found_report_claims_pet_id_idx').on(t.petId),
  ],
);

// A found report's photos (one to three), re-encoded like pets' photos; position 0 is the first.
export const foundReportPhotos = pgTable(
  'found_report_photos',
  {
    foundReportId: uuid('found_report_id')
      .notNull()
      .references(() => foundReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    medium: bytea('medium').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.foundReportId, t.position] })],
);

// A found pet that may be a missing one (server/features/matches): scored once per pair, so that a
// dismissed match never comes back, however often either side changes.
export const petMatches = pgTable(
  'pet_matches',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    foundReportId: uuid('found_report_id')
      .notNull()
      .references(() => foundReports.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
    // Why, as facts (species, colours, size, sex, km, days), worded in each reader's language.
    reasons: jsonb('reason_facts').$type<MatchReasons>(),
    // Why in English words, as matches stored before the facts were kept it ('Dog', 'brown and
    // white', 'found 1.4 km from where Bella was last seen'); null on newer ones.
    reasonWords: text('reasons').array(),
    // proposed (shown to the owners), dismissed ('Not {name}'), confirmed ("That's {name}!"), or
    // lapsed (the pet came home before its owners decided: never proposed again).
    status: varchar('status', { length: 10 })
      .$type<'proposed' | 'dismissed' | 'confirmed' | 'lapsed'>()
      .notNull()
      .default('proposed'),
    // Whether the owners were alerted (the best candidates above the threshold) or it is only listed.
    alerted: boolean('alerted').notNull().default(false),
    // When its alert's e-mails were queued: set in their transaction, so that the alert's job, run
    // again after an instance died in it, does not queue them twice.
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.petId, t.foundReportId] }),
    index('pet_matches_found_report_id_idx').on(t.foundReportId),
    check('pet_matches_status_check', sql`${t.status} in ('proposed', 'dismissed', 'confirmed', 'lapsed')`),
    check('pet_matches_reasons_check', sql`${t.reasons} is not null or ${t.reasonWords} is not null`),
  ],
);

// The one-click unsubscribe link of each possible-match e-mail (RFC 8058), hashed like every
// secret link: it names the pet and the owner it was sent to, and works for as long as both exist.
export const matchEmailLinks = pgTable(
  'match_email_links',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('match_email_links_pet_id_idx').on(t.petId)],
);

// Owners who stopped e-mails about one pet's possible matches (its alerts on their devices and its
// profile's list go on). Turned back on from the profile by deleting the row.
export const matchEmailStops = pgTable(
  'match_email_stops',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.petId, t.userId] })],
);

// Browsers that asked for alerts (Web Push), one row per device.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

// ---------------------------------------------------------------- watch areas

/**
 * The box on the earth's surface that encloses a watch area: what its GiST index holds, and what
 * the matching query must write exactly so (server/lib/geo.ts, areasContaining).
 */
export const watchAreaBox = (lat: SQLWrapper, lng: SQLWrapper, radiusKm: SQLWrapper) =>
  sql`earth_box(ll_to_earth(${lat}, ${lng}), ${radiusKm} * 1000.0)`;

// A place someone watches for missing pets: a point and a radius, never shown to anyone else.
export const watchAreas = pgTable(
  'watch_areas',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    radiusKm: integer('radius_km').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('watch_areas_user_id_idx').on(t.userId, t.createdAt),
    // Which areas contain a point: each area's own enclosing box, so the index answers whatever the
    // radius; the exact circle is checked after.
    index('watch_areas_box_idx').using('gist', watchAreaBox(t.lat, t.lng, t.radiusKm)),
    check(
      'watch_areas_point_check',
      sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180 and ${t.radiusKm} in (1, 2, 5, 10)`,
    ),
  ],
);

// One alert to one watcher about one absence of a pet: at most one (the unique index), at most a
// day's cap each person (counted here), and the pet's owners see how many were sent, never to whom.
export const watchAlerts = pgTable(
  'watch_alerts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    // The area the pet was in; null once its watcher deletes it (the alert still counts).
    areaId: uuid('area_id').references(() => watchAreas.id, { onDelete: 'set null' }),
    // From the pet's grid cell to the area's centre, the only distance a watcher is told.
    distanceKm: doublePrecision('distance_km').notNull(),
    // How the watcher asked to hear, over all their areas that held the pet: a push-only area inside
    // one that also e-mails still e-mails.
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    // The e-mail's one-click unsubscribe link, hashed like every secret link; used once.
    unsubscribeTokenHash: varchar('unsubscribe_token_hash', { length: 64 }).unique(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    // The absence it was about (the pet's missing_since then): a watcher hears once of each absence.
    missingSince: timestamp('missing_since', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watch_alerts_user_pet_absence_idx').on(t.userId, t.petId, t.missingSince),
    index('watch_alerts_user_created_idx').on(t.userId, t.createdAt),
    index('watch_alerts_pet_id_idx').on(t.petId),
  ],
);

// ---------------------------------------------------------------- reminders

export const reminders = pgTable(
  'reminders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    dueDate: text('due_date').notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: text('completed_at').notNull().default(''),
    createdAt: createdAt(),
    // A calendar that subscribed to the feed replaces its copy of an event when these advance
    // (RFC 5545's SEQUENCE and LAST-MODIFIED).
    revision: integer('revision').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reminders_user_id_idx').on(t.userId, t.dueDate),
    index('reminders_due_date_idx').on(t.dueDate),
    index('reminders_pet_id_idx').on(t.petId),
  ],
);

// ---------------------------------------------------------------- store

export const tagProducts = pgTable('tag_products', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  price: integer('price').notNull(),
  imageUrl: text('image_url').notNull(),
  shape: text('shape').notNull(),
  material: text('material').notNull(),
  isPopular: boolean('is_popular').notNull().default(false),
  printifyProductId: text('printify_product_id'),
  printifyVariantId: integer('printify_variant_id'),
});

export const subscriptionPlans = pgTable('subscription_plans', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  price: integer('price').notNull(),
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  isPopular: boolean('is_popular').notNull().default(false),
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    // Null once the customer deleted their account: a paid order is kept, its personal fields blanked.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    petId: uuid('pet_id').references(() => pets.id, { onDelete: 'set null' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => tagProducts.id, { onDelete: 'restrict' }),
    customText: text('custom_text'),
    tagColor: text('tag_color'),
    quantity: integer('quantity').notNull().default(1),
    totalPrice: integer('total_price').notNull(),
    shippingName: text('shipping_name').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingZip: text('shipping_zip').notNull(),
    shippingPhone: text('shipping_phone').notNull(),
    paymentIntentId: text('payment_intent_id'),
    cardLastFour: text('card_last_four'),
    status: text('status').notNull().default('pending'),
    trackingNumber: text('tracking_number'),
    estimatedDelivery: text('estimated_delivery'),
    printifyOrderId: text('printify_order_id'),
    printifyStatus: text('printify_status'),
    printifyTrackingUrl: text('printify_tracking_url'),
    createdAt: createdAt(),
    // Set when the order becomes delivered, so a delivered order shows when, not an estimate.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_payment_intent_id_idx').on(t.paymentIntentId),
  ],
);

// What the server recorded when it started a payment: the order is later built from this row,
// never from what a browser sends, so the amount is always the server's.
export const checkouts = pgTable(
  'checkouts',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => tagProducts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    details: jsonb('details'),
    // When the payment provider first said this payment succeeded. A card can be confirmed before
    // the form's details are saved: the order then waits for them, and their arrival makes it.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('checkouts_user_id_idx').on(t.userId)],
);

// The embedded card processor's own state: it plays the part of Stripe when Stripe is not configured.
export const localPaymentIntents = pgTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  status: text('status').notNull(),
  metadata: jsonb('metadata').notNull().default({}),
  cardLastFour: varchar('card_last_four', { length: 4 }),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Event ids already handled, so a redelivered webhook is a no-op.
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  source: varchar('source', { length: 20 }).notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- operations

// Outbox of e-mails to owners: written in the same request as the event, sent (or printed) after.
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    // The account the e-mail is for; null for an e-mail to a finder, who has none.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // The pet it is about: deleting the pet (or its owner's account) drops what is still queued.
    petId: uuid('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // Header lines of its own, sent as they are (a one-click unsubscribe, RFC 8058); null for none.
    headers: jsonb('headers').$type<Record<string, string>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Sending attempts so far, and when the next may start: a claimed attempt moves it forward,
    // so a send that fails (or a process that dies mid-send) is retried later, by any instance.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the mail server refused it for good (a 5xx reply, RFC 5321: an address that does
    // not exist, say): trying again cannot help, so it is not retried.
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId),
    index('notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.refusedAt} is null`),
  ],
);

// Addresses that belong to no account and that Homeward e-mailed (a finder's, an invited person's),
// by the SHA-256 of the address in lower case. Until its owner opens a link we sent, an address
// gets one e-mail from Homeward in all; after, at most a day's cap; once refused, none.
export const mailRecipients = pgTable('mail_recipients', {
  addressHash: varchar('address_hash', { length: 64 }).primaryKey(),
  firstMailAt: timestamp('first_mail_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  refusedAt: timestamp('refused_at', { withTimezone: true }),
  // The secret of the "no more e-mail" link in the first e-mail, hashed like every secret link.
  refusalTokenHash: varchar('refusal_token_hash', { length: 64 }).unique(),
  // E-mails queued since `dayStartedAt`: the daily cap, whoever sends.
  dayStartedAt: timestamp('day_started_at', { withTimezone: true }).notNull().defaultNow(),
  dayCount: integer('day_count').notNull().default(0),
  createdAt: createdAt(),
});

// Keys the server makes for itself and shares between instances (the Web Push VAPID key pair).
export const serverKeys = pgTable('server_keys', {
  name: varchar('name', { length: 40 }).primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// A create's first answer under the Idempotency-Key its form sent, kept a few minutes: a double
// tap, a retry after a lost answer or a second tab repeats the key and gets this answer, not a
// second row. `status` is null while the first request is still running.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The action the key was used for ('POST /api/pets'): one key never answers another action.
    action: varchar('action', { length: 60 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    // A hash of the request's body: the same key with another body is a mistake, not a repeat.
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status'),
    body: jsonb('body'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.action, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

// Work done after the request that caused it (alerts to many people, matching): a durable queue.
// Any instance claims a due job with FOR UPDATE SKIP LOCKED and moves `run_at` past its lease, so a
// job runs once even with several instances, and again later if its process died or it failed.
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: varchar('kind', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull(),
    // A job that must exist once only (one alert per watcher and pet): a second enqueue is a no-op
    // for as long as the row is kept (JOB_RETENTION_DAYS after it is done).
    key: text('key').unique(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    // Done jobs stay a while (their key with them); a job whose last attempt failed stays with
    // its error's code for whoever looks into it.
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`)],
);

export type User = typeof users.$inferSelect;
export type Pet = typeof pets.$inferSelect;
export type Reminder = typeof reminders.$inferSelect;
export type FinderReportRow = typeof finderReports.$inferSelect;
export type SightingRow = typeof sightings.$inferSelect;
export type FoundReportRow = typeof foundReports.$inferSelect;
export type TagProduct = typeof tagProducts.$inferSelect;
export type SubscriptionPlan = typeof subscriptionPlans.$inferSelect;
export type Order = typeof orders.$inferSelect;
