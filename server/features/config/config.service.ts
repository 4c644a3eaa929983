import type { ClientConfig } from '../../../shared/client-config';
import type { Config } from '../../config';

/** What the browser may know of the configured services: modes and public keys, no secret. */
export function createConfigService(config: Config, { pushPublicKey }: { pushPublicKey: string }) {
  const forBrowser: ClientConfig = {
    signIn: config.oidc.mode,
    payments:
      config.payments.mode === 'stripe'
        ? { mode: 'stripe', publishableKey: config.payments.publishableKey }
        : { mode: 'local' },
    push: { publicKey: pushPublicKey },
  };
  return { forBrowser: () => forBrowser };
}
