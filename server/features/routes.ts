import type { Router } from 'express';
import type { Services } from '../services';
import { accountRoutes, type SignOut } from './account/account.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { commerceRoutes } from './commerce/commerce.routes';
import { conversationsRoutes } from './conversations/conversations.routes';
import { petsRoutes } from './pets/pets.routes';
import { remindersRoutes } from './reminders/reminders.routes';
import { scanRoutes } from './scan/scan.routes';
import { storeRoutes } from './store/store.routes';

/**
 * Every feature's API routes, mounted under /api after sessions and sign-in. `signOut` is the
 * sign-in's own, which deleting an account ends with.
 */
export function featureRoutes(services: Services, signOut: SignOut): Router[] {
  return [
    accountRoutes(services, signOut),
    petsRoutes(services),
    // Before reminders, so /reminders/calendar-token is not taken for a reminder id.
    calendarRoutes(services),
    remindersRoutes(services),
    scanRoutes(services),
    conversationsRoutes(services),
    storeRoutes(services),
    commerceRoutes(services),
  ];
}
