import type { MapTiles } from './client-config';
import type { Translation } from './i18n/en';

// What the lost-pets board's map script (client/src/lost-main.ts) needs, written into the server's
// page so that the script asks the server for nothing and shares no code with the finder's pages.

/** The id of the page's JSON script element that holds the map's settings. */
export const LOST_MAP_SETTINGS_ID = 'lost-map-settings';

export interface LostMapSettings {
  tiles: MapTiles;
  /** The map's words in the page's language. */
  words: Translation['lostMap'];
}

/** The settings as a JSON script element; "<" cannot close it early. */
export const lostMapSettingsScript = (settings: LostMapSettings) =>
  `<script type="application/json" id="${LOST_MAP_SETTINGS_ID}">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`;
