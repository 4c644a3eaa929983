import express from 'express';
import {
  createPaymentIntentSchema,
  type LocalPaymentResult,
  localCardSchema,
  updatePaymentIntentSchema,
} from '../../../shared/contracts/checkout';
import { requireUser, userId } from '../../auth/require-user';
import type { AppContext } from '../../context';
import { describeFailure, logger } from '../../lib/logger';
import { validateBody } from '../../lib/validate';
import { ordering } from '../orders/ordering';
import { createPaymentsService } from './payments.service';

export function paymentRoutes(ctx: AppContext) {
  const { provider, local, orders, submitQuietly } = ordering(ctx);
  const payments = createPaymentsService(ctx.db, provider);
  const router = express.Router();

  router.post('/create-payment-intent', requireUser, validateBody(createPaymentIntentSchema), async (req, res) => {
    res.status(201).json(await payments.createPaymentIntent(userId(req), req.body));
  });

  router.post('/update-payment-intent', requireUser, validateBody(updatePaymentIntentSchema), async (req, res) => {
    await payments.updatePaymentIntent(userId(req), req.body);
    res.status(204).end();
  });

  if (local) {
    // Plays Stripe.js's confirm: the client secret, not the session, authorises the charge.
    router.post('/local-payments/:id/confirm', validateBody(localCardSchema), async (req, res) => {
      const id = String(req.params.id);
      const outcome = await local.confirm(id, req.body);
      if (outcome.status === 'declined') {
        orders.paymentFailed(id);
        throw outcome.error;
      }
      // The same event Stripe's webhook produces. The charge stands even if recording the order
      // fails here: the client then asks for it through POST /api/orders.
      try {
        const order = await orders.paymentSucceeded(id);
        if (order) await submitQuietly(order.id);
      } catch (err) {
        logger.error('order not recorded after payment', { paymentIntentId: id, ...describeFailure(err) });
      }
      res.json({ paymentIntentId: id, status: 'succeeded' } satisfies LocalPaymentResult);
    });
  }

  return router;
}
