// The found-pet form's script. The server renders /found/report whole (a place in words, or its
// latitude and longitude typed), so the form works without it; this adds a map to pin where the pet
// was found (a tap, or Enter at the map's centre, once zoomed in; then drag or arrow keys) and 'Use
// My Position', writing the same lat and lng. Like the lost-pets board's script, it shares no module
// with the app: its settings and words come in the page (shared/found-pin-map.ts), and no React.
import { typedNumber } from '@shared/contracts/typed-number';
import { FOUND_PIN_SETTINGS_ID, type FoundPinSettings } from '@shared/found-pin-map';
import type { LatLng, Marker } from 'leaflet';
import { createMap, movablePin, STREET_ZOOM, tapOnMap } from '@/components/map/leaflet-map';
import { isOnEarth, type MapPoint } from '@/components/map/map-point';
import { localDay } from '@/lib/local-day';

function readSettings(): FoundPinSettings | undefined {
  try {
    return JSON.parse(document.getElementById(FOUND_PIN_SETTINGS_ID)?.textContent ?? '') as FoundPinSettings;
  } catch {
    return undefined;
  }
}

// The look of the app's outline button (components/ui/button.tsx), without React.
const BUTTON =
  'inline-flex h-10 items-center justify-center rounded-md border border-input bg-background px-4 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-busy:opacity-50';

function enhance(container: HTMLElement, { tiles, words }: FoundPinSettings) {
  const lat = document.getElementById('found-lat') as HTMLInputElement | null;
  const lng = document.getElementById('found-lng') as HTMLInputElement | null;
  if (!lat || !lng) return;
  const heading = Object.assign(document.createElement('p'), {
    className: 'font-medium text-sm',
    textContent: words.pin,
  });
  const hint = Object.assign(document.createElement('p'), {
    id: 'found-pin-hint',
    className: 'text-sm text-muted-foreground',
    textContent: words.pinHint,
  });
  // As the app's pin maps say it: to screen readers, where the map is described.
  hint.append(
    Object.assign(document.createElement('span'), { className: 'sr-only', textContent: ` ${words.pinKeyboard}` }),
  );
  const mapElement = document.createElement('div');
  mapElement.style.height = '16rem';
  const locate = Object.assign(document.createElement('button'), {
    type: 'button',
    className: BUTTON,
    textContent: words.useMyPosition,
  });
  // Shown while there is a pin: a place pinned by mistake is taken away, as on the app's pin maps.
  const remove = Object.assign(document.createElement('button'), {
    type: 'button',
    className: BUTTON,
    textContent: words.removePin,
    hidden: true,
  });
  const buttons = Object.assign(document.createElement('div'), { className: 'flex flex-wrap gap-2' });
  buttons.append(locate, remove);
  // Where the pin is, why it is not yet, or why the position could not be used: read out as it changes.
  const status = Object.assign(document.createElement('p'), { className: 'text-sm' });
  status.setAttribute('aria-live', 'polite');
  container.append(heading, hint, mapElement, buttons, status);

  const map = createMap(mapElement, { tiles, label: words.pin, words: words.map });
  mapElement.setAttribute('aria-describedby', 'found-pin-hint');
  let pin: Marker | undefined;
  const showPin = (point: MapPoint) => {
    status.textContent = words.pinSet.replace('{{latitude}}', lat.value).replace('{{longitude}}', lng.value);
    if (pin) pin.setLatLng(point);
    else pin = movablePin(map, point, words.pin, place).addTo(map);
    remove.hidden = false;
  };
  const place = (point: MapPoint) => {
    lat.value = point.lat.toFixed(6);
    lng.value = point.lng.toFixed(6);
    showPin(point);
  };

  // The fields are typed into too (the form's and the management page's): two numbers on the
  // earth move the pin there and bring it into view, so the map and the fields never disagree. As
  // the server reads them (a decimal comma too; a blank is no number); anything else leaves the map
  // alone, and saving says what is wrong.
  const typed = (field: HTMLInputElement) => typedNumber(field.value) ?? Number.NaN;
  let typing: number | undefined;
  const follow = () => {
    window.clearTimeout(typing);
    const point = { lat: typed(lat), lng: typed(lng) };
    if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng) || !isOnEarth(point)) return;
    showPin(point);
    map.setView(point, Math.max(map.getZoom(), STREET_ZOOM));
  };
  for (const field of [lat, lng]) {
    // A pause in typing is enough; leaving the field, at once.
    field.addEventListener('input', () => {
      window.clearTimeout(typing);
      typing = window.setTimeout(follow, 500);
    });
    field.addEventListener('change', follow);
  }
  // The place saved already (the management page, to move it) or typed before a refusal: the pin
  // starts there, in view, rather than on a map that disagrees with the fields.
  if (lat.value || lng.value) follow();

  // From far out a tap or Enter zooms in rather than pins (a point on the whole world is no place,
  // and Enter on it once pinned the Sahara): the status line asks to zoom in, so nothing is a mystery.
  const tap = (at: LatLng) => {
    if (!tapOnMap(map, at, place)) status.textContent = words.pinZoomIn;
  };
  map.on('click', (event) => tap(event.latlng));
  mapElement.addEventListener('keydown', (event) => {
    if (event.target !== mapElement || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    tap(map.getCenter());
  });

  remove.addEventListener('click', () => {
    pin?.remove();
    pin = undefined;
    lat.value = '';
    lng.value = '';
    remove.hidden = true;
    status.textContent = words.pinRemoved;
    // The button is gone: the focus goes back to the map, where a pin is dropped again.
    mapElement.focus();
  });

  locate.addEventListener('click', () => {
    if (locate.getAttribute('aria-busy')) return;
    if (!('geolocation' in navigator)) {
      status.textContent = words.positionFailed;
      return;
    }
    locate.setAttribute('aria-busy', 'true');
    locate.textContent = words.locating;
    const done = () => {
      locate.removeAttribute('aria-busy');
      locate.textContent = words.useMyPosition;
    };
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        done();
        const point = { lat: coords.latitude, lng: coords.longitude };
        map.setView(point, STREET_ZOOM);
        place(point);
      },
      () => {
        done();
        status.textContent = words.positionFailed;
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/**
 * The server renders the found date in UTC, a day either side of many finders' own; the device
 * knows theirs. An untouched default becomes the device's today, and no later day may be chosen.
 */
function foundDateOnTheDevicesDay(input: HTMLInputElement | null) {
  if (!input) return;
  const today = localDay();
  if (input.value === input.dataset.defaultDay) input.value = today;
  input.max = today;
}

foundDateOnTheDevicesDay(document.getElementById('found-at') as HTMLInputElement | null);
const container = document.getElementById('found-pin-map');
const settings = readSettings();
if (container && settings) enhance(container, settings);
