import type { ClientConfig } from '../../../shared/client-config';
import type { Config } from '../../config';

/** What the browser may know of the configured services: modes, public keys and the map tiles, no secret. */
export function createConfigService(config: Config, { pushPublicKey }: { pushPublicKey: string }) {
  const forBrowser: ClientConfig = {
    signIn: config.oidc.mode,
    payments:
      config.payments.mode === 'stripe'
        ? { mode: 'stripe', publishableKey: config.payments.publishableKey }
        : { mode: 'local' },
    push: { publicKey: pushPublicKey },
    mapTiles: config.mapTiles,
  };
  return { forBrowser: () => forBrowser };
}
