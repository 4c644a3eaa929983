import { z } from 'zod';
import { base64urlBytes, isP256PublicKey } from '../../lib/p256';

// Long enough for every browser's push service (FCM's endpoints are about 200 characters).
const endpoint = z.string().min(1, 'Required').max(1024, 'Too long');

/** What each push route accepts. */
export const pushSchemas = {
  /** `PushSubscription.toJSON()`, as the browser gives it. */
  subscribe: {
    body: z.object({
      endpoint,
      expirationTime: z.number().nullable().optional(),
      keys: z.object({
        p256dh: z.string().max(100).refine(isP256PublicKey, 'Not a P-256 public key'),
        auth: z
          .string()
          .max(30)
          .refine((v) => base64urlBytes(v, 16) !== undefined, 'Not a 16-byte secret'),
      }),
    }),
  },
  unsubscribe: { body: z.object({ endpoint }) },
};

export type NewPushSubscription = z.output<typeof pushSchemas.subscribe.body>;
