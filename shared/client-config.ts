/** GET /api/config */
export interface ClientConfig {
  signIn: 'external' | 'development';
  payments: { mode: 'stripe'; publishableKey: string } | { mode: 'local' };
  /** The server's VAPID public key (URL-safe base64), for PushManager.subscribe. */
  push: { publicKey: string };
  mapTiles: MapTiles;
}

/** Where maps get their raster tiles (MAP_TILE_URL, MAP_ATTRIBUTION), and whom they credit. */
export interface MapTiles {
  /** A slippy-map template: `{z}/{x}/{y}` are filled in by the map. */
  url: string;
  /** Plain text, shown on every map. */
  attribution: string;
  /** Where the credit links to, when the provider asks for a link. */
  attributionUrl?: string;
}
