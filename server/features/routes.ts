import type { Router } from 'express';
import type { AppContext } from '../context';
import { orderRoutes } from './orders/orders.routes';
import { paymentRoutes } from './payments/payments.routes';
import { petRoutes } from './pets/pets.routes';
import { remindersRoutes } from './reminders/reminders.routes';
import { scanRoutes } from './scan/scan.routes';
import { storeRoutes } from './store/store.routes';

/** Every feature's API routes, mounted under /api after sessions and sign-in. */
export function featureRoutes(ctx: AppContext): Router[] {
  return [
    petRoutes(ctx),
    remindersRoutes(ctx),
    scanRoutes(ctx),
    storeRoutes(ctx),
    paymentRoutes(ctx),
    orderRoutes(ctx),
  ];
}
