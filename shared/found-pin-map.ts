import type { MapTiles } from './client-config';
import type { Translation } from './i18n/en';

// What the found-pet form's map script (client/src/found-report-main.ts) needs, written into the
// server's page so that the script asks the server for nothing and shares no code with the app.

/** The id of the page's JSON script element that holds the map's settings. */
export const FOUND_PIN_SETTINGS_ID = 'found-pin-settings';

export interface FoundPinSettings {
  tiles: MapTiles;
  /** The map's words in the page's language. */
  words: {
    pin: string;
    pinHint: string;
    /** How the map and its pin are used with a keyboard: for screen readers, after the hint. */
    pinKeyboard: string;
    pinSet: string;
    /** The button that takes the pin away, and what is said once it is gone. */
    removePin: string;
    pinRemoved: string;
    /** Said when a tap from far out zoomed in instead of pinning. */
    pinZoomIn: string;
    useMyPosition: string;
    locating: string;
    positionFailed: string;
    /** The map's own words (its zoom buttons, its tiles failing): the lost-pets board's. */
    map: Pick<Translation['lostMap'], 'zoomIn' | 'zoomOut' | 'tilesFailed'>;
  };
}

/** The settings as a JSON script element; "<" cannot close it early. */
export const foundPinSettingsScript = (settings: FoundPinSettings) =>
  `<script type="application/json" id="${FOUND_PIN_SETTINGS_ID}">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`;
