import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createInsertSchema, createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { FINDER_REPORT_MAX_LENGTH as REPORT_MAX } from './contracts/finder-reports';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable('users', {
  id: id(),
  email: varchar('email', { length: 320 }).notNull().unique(),
  firstName: varchar('first_name', { length: 100 }),
  lastName: varchar('last_name', { length: 100 }),
  profileImageUrl: text('profile_image_url'),
  // Secret for the private calendar feed; null until the owner asks for one.
  calendarToken: varchar('calendar_token', { length: 64 }).unique(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    // When the owner last looked at this pet's finder reports.
    reportsSeenAt: timestamp('reports_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('pets_user_id_idx').on(t.userId, t.createdAt)],
);

export const petPhotos = pgTable('pet_photos', {
  petId: uuid('pet_id')
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  contentType: varchar('content_type', { length: 40 }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  data: bytea('data').notNull(),
});

export const gpsPings = pgTable(
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
    createdAt: createdAt(),
  },
  (t) => [index('gps_pings_user_id_idx').on(t.userId), index('gps_pings_pet_id_idx').on(t.petId, t.createdAt)],
);

// ---------------------------------------------------------------- reminders

export const REMINDER_TYPES = ['vaccine', 'medication', 'grooming', 'vet-visit'] as const;

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

// Defined with the contracts the browser imports, so the client never pulls in this module.
export { TAG_COLORS } from './contracts/checkout';
export { ORDER_STATUSES } from './contracts/store';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Sending attempts so far, and when the next may start: a claimed attempt moves it forward,
    // so a send that fails (or a process that dies mid-send) is retried later, by any instance.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId),
    index('notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- validation

// Bounds keep hostile input out of the database; the spec leaves them open.
const short = (s: z.ZodString) => s.max(200, 'Must be 200 characters or fewer');
const long = (s: z.ZodString) => s.max(5000, 'Must be 5000 characters or fewer');
// Invisible characters alone (a zero-width space, say) would show as a blank name.
const VISIBLE = /[^\s\p{Cf}]/u;
const required = (s: z.ZodString) =>
  s
    .trim()
    .min(1, 'Required')
    .max(200, 'Must be 200 characters or fewer')
    .refine((v) => v === '' || VISIBLE.test(v), 'Required');

export const insertPetSchema = createInsertSchema(pets, {
  name: required,
  species: required,
  ownerName: required,
  ownerPhone: required,
  breed: short,
  age: short,
  weight: short,
  color: short,
  microchipId: short,
  ownerEmail: short,
  ownerAddress: short,
  vetName: short,
  vetPhone: short,
  vetAddress: short,
  lastSeenLocation: short,
  lastSeenDate: short,
  medicalNotes: long,
  specialNeeds: long,
  // Large enough for an 800px JPEG at quality 0.7; the server checks the bytes themselves.
  photoUrl: (s) => s.max(1_400_000, 'Photo is too large'),
}).omit({ id: true, userId: true, createdAt: true, photoHash: true, reportsSeenAt: true });

/** A day as a date input gives it (yyyy-mm-dd) that really exists: no 31 February, no month 13. */
function isCalendarDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Dates a reminder can sensibly carry; beyond them a calendar feed could not even write the next day.
export const REMINDER_DAYS = { first: '1900-01-01', last: '2999-12-31' };
const isReminderDay = (value: string) =>
  isCalendarDay(value) && value >= REMINDER_DAYS.first && value <= REMINDER_DAYS.last;

// An ISO timestamp whose day and time of day exist ('2027-02-30T…' and 'T24:00' do not).
const isTimestamp = (value: string) =>
  isReminderDay(value.slice(0, 10)) &&
  /^T([01]\d|2[0-3]):[0-5]\d/.test(value.slice(10)) &&
  !Number.isNaN(Date.parse(value));

// PostgreSQL text cannot hold a NUL character: refused here, it is a 400 rather than a failed insert.
const withoutNul = (s: z.ZodString) =>
  s.refine((v) => !v.includes('\u0000'), 'Contains a character that is not allowed');

export const insertReminderSchema = createInsertSchema(reminders, {
  petId: () => z.uuid('Please select a pet'),
  type: () => z.enum(REMINDER_TYPES, 'Please select a type'),
  title: (s) => withoutNul(required(s)),
  description: (s) => withoutNul(long(s)),
  dueDate: (s) => s.min(1, 'Required').refine(isReminderDay, 'Due date must be a date between 1900 and 2999'),
  // Empty while pending; the moment it was ticked (an ISO timestamp) once completed.
  completedAt: (s) => s.refine((v) => v === '' || (v.length <= 40 && isTimestamp(v)), 'Completed date must be a date'),
}).omit({ id: true, userId: true, createdAt: true });

// Coordinates are optional (the finder may not share them) but, when sent, are real decimal degrees.
const DECIMAL_DEGREES = /^[-+]?\d{1,3}(\.\d{1,12})?$/;
const degrees = (limit: number, what: string) => (s: z.ZodString) =>
  s.trim().refine((v) => v === '' || (DECIMAL_DEGREES.test(v) && Math.abs(Number(v)) <= limit), {
    message: `${what} must be a number between -${limit} and ${limit}`,
  });
const upTo = (length: number) => (s: z.ZodString) => s.max(length, `Must be ${length} characters or fewer`);

export const insertGpsPingSchema = createInsertSchema(gpsPings, {
  // One spelling per pet (a uuid may come in either case): reports are counted per pet.
  petId: (s) => s.transform((id) => id.toLowerCase()),
  finderName: upTo(REPORT_MAX.finderName),
  // A plain schema rather than a refinement: the column is nullable, but a report needs a place.
  finderLocation: upTo(REPORT_MAX.finderLocation)(z.string('Required').trim().min(1, 'Required')),
  finderLatitude: degrees(90, 'Latitude'),
  finderLongitude: degrees(180, 'Longitude'),
  message: upTo(REPORT_MAX.message),
})
  .omit({ id: true, userId: true, createdAt: true })
  .refine((p) => !p.finderLatitude === !p.finderLongitude, {
    message: 'Latitude and longitude must be given together',
    path: ['finderLongitude'],
  });

export const insertOrderSchema = createInsertSchema(orders).omit({ id: true, userId: true, createdAt: true });
export const insertTagProductSchema = createInsertSchema(tagProducts).omit({ id: true });
export const insertSubscriptionPlanSchema = createInsertSchema(subscriptionPlans).omit({ id: true });
export const selectUserSchema = createSelectSchema(users);

export type User = typeof users.$inferSelect;
export type Pet = typeof pets.$inferSelect;
// Insert types come from the tables: drizzle-zod types refined columns as required, though they stay optional.
export type InsertPet = Omit<typeof pets.$inferInsert, 'id' | 'userId' | 'createdAt' | 'photoHash' | 'reportsSeenAt'>;
export type Reminder = typeof reminders.$inferSelect;
export type InsertReminder = Omit<typeof reminders.$inferInsert, 'id' | 'userId' | 'createdAt'>;
export type GpsPing = typeof gpsPings.$inferSelect;
export type InsertGpsPing = Omit<typeof gpsPings.$inferInsert, 'id' | 'userId' | 'createdAt'>;
export type TagProduct = typeof tagProducts.$inferSelect;
export type SubscriptionPlan = typeof subscriptionPlans.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type InsertOrder = Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'createdAt'>;
