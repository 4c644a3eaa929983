import { createUsersService } from './auth/users.service';
import type { Config } from './config';
import type { Database } from './db/connection';
import { createAccountService } from './features/account/account.service';
import { createCalendarService } from './features/calendar/calendar.service';
import { createCommerceService } from './features/commerce/commerce.service';
import { createConfigService } from './features/config/config.service';
import { createConversationsService } from './features/conversations/conversations.service';
import { createHealthService } from './features/health/health.service';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPetsService } from './features/pets/pets.service';
import { createRateLimitsService } from './features/rate-limits/rate-limits.service';
import { createRemindersService } from './features/reminders/reminders.service';
import { createScanService } from './features/scan/scan.service';
import { createStoreService } from './features/store/store.service';

/**
 * Every service of the app, built once for the configured database and services and handed to the
 * routes. A service is a plain object of methods; what it needs is passed in here, and only here.
 */
export function createServices(config: Config, { db, pool }: Pick<Database, 'db' | 'pool'>) {
  const notifications = createNotificationsService({ db, mail: config.mail });
  const store = createStoreService({ db });
  const pets = createPetsService({ db });
  return {
    config: createConfigService(config),
    health: createHealthService({ pool }),
    users: createUsersService({ db }),
    account: createAccountService({ db }),
    rateLimits: createRateLimitsService({ db }),
    notifications,
    pets,
    reminders: createRemindersService({ db }),
    calendar: createCalendarService({ db, publicUrl: config.publicUrl }),
    scan: createScanService({ db, publicUrl: config.publicUrl, notifications }),
    conversations: createConversationsService({ db, publicUrl: config.publicUrl, notifications, pets }),
    store,
    commerce: createCommerceService({ db, payments: config.payments, fulfilment: config.fulfilment, store }),
  };
}

export type Services = ReturnType<typeof createServices>;
