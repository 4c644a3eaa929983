/** GET /api/config */
export interface ClientConfig {
  signIn: 'external' | 'development';
  payments: { mode: 'stripe'; publishableKey: string } | { mode: 'local' };
  /** The server's VAPID public key (URL-safe base64), for PushManager.subscribe. */
  push: { publicKey: string };
}
