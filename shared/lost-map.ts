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

/** The elements of the board's map area (lost-board-view.tsx) that the map script brings to life. */
export const LOST_MAP_ID = 'lost-map';
export const LOST_MAP_LOCATE_ID = 'lost-map-locate';
export const LOST_MAP_SEARCH_HERE_ID = 'lost-map-search-here';
export const LOST_MAP_PROBLEM_ID = 'lost-map-problem';

/**
 * The classes of the map area: its row of buttons (the look of the app's outline button), the hint
 * above, the problem below, and a pin's popup, which the map script builds. The server's page
 * carries the rules these use (its critical CSS is cut from samples holding them, popup included),
 * so nothing waits for the whole stylesheet.
 */
export const LOST_MAP_CLASSES = {
  controls: 'flex flex-wrap gap-2',
  button:
    'inline-flex h-10 items-center justify-center rounded-md border border-input bg-background px-4 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-50 aria-busy:opacity-50',
  problem: 'text-sm font-medium text-destructive',
  hint: 'text-sm text-muted-foreground',
  popup: 'grid gap-0.5 text-sm',
  popupName: 'font-semibold',
} as const;

/** A pin's popup as HTML (what the map script builds with the classes above), for the server's samples. */
export const lostMapPopupSample = () =>
  `<div class="${LOST_MAP_CLASSES.popup}"><a class="${LOST_MAP_CLASSES.popupName}"></a><span></span></div>`;
