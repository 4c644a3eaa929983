import type { ClientConfig } from '../../../shared/client-config';
import type { Config } from '../../config';

/** What the browser may know of the configured services: modes and public keys, no secret. */
export function createConfigService(config: Config) {
  const forBrowser: ClientConfig = {
    signIn: config.oidc.mode,
    payments:
      config.payments.mode === 'stripe'
        ? { mode: 'stripe', publishableKey: config.payments.publishableKey }
        : { mode: 'local' },
  };
  return { forBrowser: () => forBrowser };
}
