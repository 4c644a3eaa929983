import type { Router } from 'express';
import type { Services } from '../services';
import { accountRoutes, type SignOut } from './account/account.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { circleRoutes } from './circle/circle.routes';
import { contactsRoutes } from './contacts/contacts.routes';
import { conversationsRoutes } from './conversations/conversations.routes';
import { finderReportsRoutes } from './finder-reports/finder-reports.routes';
import { foundRoutes } from './found/found.routes';
import { foundReportsRoutes } from './found-reports/found-reports.routes';
import { lostPetsRoutes } from './lost-pets/lost-pets.routes';
import { matchesRoutes } from './matches/matches.routes';
import { ordersRoutes } from './orders/orders.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { petsRoutes } from './pets/pets.routes';
import { previewsRoutes } from './previews/previews.routes';
import { pushRoutes } from './push/push.routes';
import { remindersRoutes } from './reminders/reminders.routes';
import { scanRoutes } from './scan/scan.routes';
import { scanLogRoutes } from './scan-log/scan-log.routes';
import { sightingsRoutes } from './sightings/sightings.routes';
import { storeRoutes } from './store/store.routes';
import { watchAreasRoutes } from './watch-areas/watch-areas.routes';

/**
 * Every feature's API routes, mounted under /api after sessions and sign-in. `signOut` is the
 * sign-in's own, which deleting an account ends with.
 */
export function featureRoutes(services: Services, signOut: SignOut): Router[] {
  return [
    // First: a finder's read of a pet (every scan of a tag) is the most frequent request.
    petsRoutes(services),
    previewsRoutes(services),
    circleRoutes(services),
    accountRoutes(services, signOut),
    // Before reminders, so /reminders/calendar-token is not taken for a reminder id.
    calendarRoutes(services),
    remindersRoutes(services),
    finderReportsRoutes(services),
    scanRoutes(),
    scanLogRoutes(services),
    contactsRoutes(services),
    foundRoutes(services),
    foundReportsRoutes(services),
    lostPetsRoutes(services),
    watchAreasRoutes(services),
    sightingsRoutes(services),
    matchesRoutes(services),
    conversationsRoutes(services),
    storeRoutes(services),
    paymentsRoutes(services),
    ordersRoutes(services),
    pushRoutes(services),
  ];
}
