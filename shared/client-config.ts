/** GET /api/config */
export interface ClientConfig {
  signIn: 'external' | 'development';
  payments: { mode: 'stripe'; publishableKey: string } | { mode: 'local' };
}
