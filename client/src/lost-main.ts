// The lost-pets board's script. The server renders /lost whole (the list, the distance form, and
// the map's place with its buttons, disabled), so the page works without it; this draws the listed
// pets as pins on a map and enables the visitor's position and a search where the map was dragged
// to: each reloads the board for its point (/lost?lat=&lng=&km=). The page loads it once its own
// content is painted (server/client-assets.ts). Its settings and words come in the page
// (shared/lost-map.ts), and no React: only a tap on a card's 'I Saw This Pet' fetches the dialog
// (and React with it), as on the scan page.
import {
  LOST_MAP_CLASSES as CLASSES,
  LOST_MAP_ID,
  LOST_MAP_LOCATE_ID,
  LOST_MAP_PROBLEM_ID,
  LOST_MAP_SEARCH_HERE_ID,
  LOST_MAP_SETTINGS_ID,
  type LostMapSettings,
} from '@shared/lost-map';
import { createMap, namedPin, showPoints, showSearchArea } from '@/components/map/leaflet-map';
import type { MapPoint } from '@/components/map/map-point';
import { listenForSightingLinks } from '@/features/sightings/sighting-link';

function readSettings(): LostMapSettings | undefined {
  try {
    return JSON.parse(document.getElementById(LOST_MAP_SETTINGS_ID)?.textContent ?? '') as LostMapSettings;
  } catch {
    return undefined;
  }
}

/** A number from a data attribute; undefined when there is none. */
function numberIn(element: HTMLElement, name: 'lat' | 'lng' | 'km') {
  const value = element.dataset[name];
  const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

const pointOf = (element: HTMLElement): MapPoint | undefined => {
  const lat = numberIn(element, 'lat');
  const lng = numberIn(element, 'lng');
  return lat === undefined || lng === undefined ? undefined : { lat, lng };
};

/**
 * The board for a point, at the distance the visitor picked in the board's form (or the one shown).
 * The visitor's own position goes into the address rounded to about 100 m: enough to find pets
 * nearby, and no more than that of where they stand.
 */
function showBoardAt(board: HTMLElement, { lat, lng }: MapPoint) {
  const round = (degrees: number) => (Math.round(degrees * 1000) / 1000).toString();
  const km = document.querySelector<HTMLSelectElement>('select[name="km"]')?.value ?? board.dataset.km;
  const query = new URLSearchParams({ lat: round(lat), lng: round(lng), ...(km && { km }) });
  window.location.assign(`${window.location.pathname}?${query}`);
}

/** A pin's popup: the pet's name, linking to its page, over the other lines of its list entry. */
function popup(href: string, [name, ...rest]: string[]) {
  const box = Object.assign(document.createElement('div'), { className: CLASSES.popup });
  const link = Object.assign(document.createElement('a'), { href, textContent: name, className: CLASSES.popupName });
  box.append(link, ...rest.map((line) => Object.assign(document.createElement('span'), { textContent: line })));
  return box;
}

function enhance(board: HTMLElement, { tiles, words }: LostMapSettings) {
  // The server rendered the buttons disabled, and the paragraph for a problem empty (a live region,
  // read out as soon as the phone's position cannot be used).
  const locate = document.getElementById(LOST_MAP_LOCATE_ID) as HTMLButtonElement | null;
  const searchHere = document.getElementById(LOST_MAP_SEARCH_HERE_ID) as HTMLButtonElement | null;
  const problem = document.getElementById(LOST_MAP_PROBLEM_ID);
  if (!locate || !searchHere || !problem) return;

  locate.addEventListener('click', () => {
    if (locate.getAttribute('aria-busy')) return;
    problem.textContent = '';
    if (!('geolocation' in navigator)) {
      problem.textContent = words.positionFailed;
      return;
    }
    locate.setAttribute('aria-busy', 'true');
    locate.textContent = words.locating;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => showBoardAt(board, { lat: coords.latitude, lng: coords.longitude }),
      (error) => {
        locate.removeAttribute('aria-busy');
        locate.textContent = words.useMyPosition;
        problem.textContent = error.code === error.PERMISSION_DENIED ? words.positionRefused : words.positionFailed;
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });

  locate.disabled = false;

  const map = createMap(board, { tiles, label: words.mapLabel, words });
  const pins: MapPoint[] = [];
  for (const item of document.querySelectorAll<HTMLElement>('li[data-pet-id]')) {
    const point = pointOf(item);
    const link = item.querySelector<HTMLAnchorElement>('a[href^="/scan/"]');
    if (!point || !link) continue;
    pins.push(point);
    // The pin says what its list entry says (name, kind, when and how far) and opens the same link.
    // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the line breaks between the entry's lines.
    const lines = link.innerText.split('\n').filter(Boolean);
    namedPin(point, lines.join(', '))
      .bindPopup(() => popup(link.href, lines), { autoPanPaddingTopLeft: [50, 10] })
      .addTo(map);
  }
  const searched = pointOf(board);
  const km = numberIn(board, 'km');
  if (searched && km) showSearchArea(map, searched, km);
  else showPoints(map, pins);

  searchHere.addEventListener('click', () => {
    const { lat, lng } = map.getCenter().wrap();
    showBoardAt(board, { lat, lng });
  });
  searchHere.disabled = false;
}

const board = document.getElementById(LOST_MAP_ID);
const settings = readSettings();
if (board && settings) enhance(board, settings);
listenForSightingLinks();
