import { createUsersService } from './auth/users.service';
import type { Config } from './config';
import type { Database } from './db/connection';
import { createAccountService } from './features/account/account.service';
import { createCalendarService } from './features/calendar/calendar.service';
import { createCircleService } from './features/circle/circle.service';
import { createConfigService } from './features/config/config.service';
import { createContactsService } from './features/contacts/contacts.service';
import { createConversationsService } from './features/conversations/conversations.service';
import { createFinderReportsService } from './features/finder-reports/finder-reports.service';
import { createFoundService } from './features/found/found.service';
import { createFoundReportsService, type FoundReportsService } from './features/found-reports/found-reports.service';
import { createFulfilmentService } from './features/fulfilment/fulfilment.service';
import { createHealthService } from './features/health/health.service';
import { createIdempotencyService } from './features/idempotency/idempotency.service';
import { createJobsService } from './features/jobs/jobs.service';
import { createLostPetsService } from './features/lost-pets/lost-pets.service';
import { createMatchesService } from './features/matches/matches.service';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createOrdersService } from './features/orders/orders.service';
import { createPlaceOrderUseCase } from './features/orders/place-order.use-case';
import { createPaymentsService } from './features/payments/payments.service';
import { createPetsService } from './features/pets/pets.service';
import { createPreviewsService } from './features/previews/previews.service';
import { createPushService } from './features/push/push.service';
import { createRateLimitsService } from './features/rate-limits/rate-limits.service';
import { createRemindersService } from './features/reminders/reminders.service';
import { createScanLogService } from './features/scan-log/scan-log.service';
import { createSightingsService } from './features/sightings/sightings.service';
import { createStoreService } from './features/store/store.service';
import { createWatchAreasService } from './features/watch-areas/watch-areas.service';
import { createWebhookEventsService } from './features/webhook-events/webhook-events.service';

/**
 * Every service of the app, built once for the configured database and services and handed to the
 * routes. A service is a plain object of methods; what it needs is passed in here, and only here.
 * Building them reads the database once (the push service's keys), so start-up waits for it.
 */
export async function createServices(
  config: Config,
  { db, pool, namedStatements }: Pick<Database, 'db' | 'pool' | 'namedStatements'>,
) {
  // Work that happens after the request that caused it: features define their kinds of job on it.
  const jobs = createJobsService({ db });
  const notifications = createNotificationsService({ db, mail: config.mail, publicUrl: config.publicUrl });
  const push = await createPushService({ db, settings: config.push, jobs });
  const store = createStoreService({ db });
  const webhookEvents = createWebhookEventsService({ db });
  const payments = createPaymentsService({ db, settings: config.payments, store });
  const fulfilment = createFulfilmentService({ db, settings: config.fulfilment, webhookEvents });
  // An order spans payments, orders and fulfilment: the use case is where they meet.
  const placeOrder = createPlaceOrderUseCase({
    db,
    publicUrl: config.publicUrl,
    payments,
    fulfilment,
    notifications,
    webhookEvents,
  });
  const rateLimits = createRateLimitsService({ db });
  const scanLog = createScanLogService({ db, publicUrl: config.publicUrl, notifications, push, rateLimits });
  // Watchers hear of a pet the moment it is reported missing with a point, and matching scores it
  // against found pets: the pets service tells both, in the change's own transaction.
  const watchAreas = createWatchAreasService({ db, jobs, push, notifications, publicUrl: config.publicUrl });
  // Matching confirms a match through the found reports' claim, and found reports start matching:
  // each is handed the other's one call, the claim late, as found reports are built below.
  let foundReports: FoundReportsService | undefined;
  const matches = createMatchesService({
    db,
    jobs,
    push,
    notifications,
    publicUrl: config.publicUrl,
    claimForPet: () => foundReports?.claimForPet,
  });
  const pets = createPetsService({
    db,
    namedStatements,
    missingPetListeners: [watchAreas.missingPetListener, matches.missingPetListener],
    // Marked safe: the matches never decided go, and a found pet claimed for it is reunited (found
    // reports' call late, as they are built below).
    homeSafeListeners: [
      matches.petIsHomeSafe,
      (tx, petId) => foundReports?.petIsHomeSafe(tx, petId) ?? Promise.resolve(),
    ],
  });
  const users = createUsersService({ db });
  const finderReports = createFinderReportsService({
    db,
    rateLimits,
    publicUrl: config.publicUrl,
    notifications,
    push,
    scanLog,
  });
  const conversations = createConversationsService({ db, publicUrl: config.publicUrl, notifications, pets, push });
  foundReports = createFoundReportsService({
    db,
    rateLimits,
    notifications,
    finderReports,
    conversations,
    matching: matches,
    publicUrl: config.publicUrl,
  });
  return {
    config: createConfigService(config, { pushPublicKey: push.publicKey }),
    health: createHealthService({ pool, pets }),
    users,
    account: createAccountService({ db, publicUrl: config.publicUrl, payments, rateLimits, notifications }),
    rateLimits,
    idempotency: createIdempotencyService({ db }),
    jobs,
    matches,
    notifications,
    pets,
    previews: createPreviewsService({ pets, foundReports, rateLimits, publicUrl: config.publicUrl }),
    reminders: createRemindersService({ db }),
    calendar: createCalendarService({ db, publicUrl: config.publicUrl }),
    finderReports,
    scanLog,
    push,
    contacts: createContactsService({ db, publicUrl: config.publicUrl, notifications }),
    found: createFoundService({ db, rateLimits }),
    lostPets: createLostPetsService({ db }),
    watchAreas,
    circle: createCircleService({ db, publicUrl: config.publicUrl, notifications, users }),
    conversations,
    sightings: createSightingsService({
      db,
      rateLimits,
      publicUrl: config.publicUrl,
      notifications,
      push,
      conversations,
    }),
    foundReports,
    store,
    payments,
    orders: createOrdersService({ db }),
    placeOrder,
    fulfilment,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
