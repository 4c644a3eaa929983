// Leaflet and its stylesheet: only the modules that draw a map import this file, and they are loaded
// on demand (lazy-maps.tsx, lost-main.ts), so no other page pays for them.
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { MapTiles } from '@shared/client-config';
import {
  Control,
  type ControlOptions,
  circle,
  circleMarker,
  control,
  DomEvent,
  DomUtil,
  divIcon,
  type LatLng,
  type Map as LeafletMap,
  latLng,
  latLngBounds,
  map as leafletMap,
  type Marker,
  marker,
  tileLayer,
} from 'leaflet';
import type { MapPoint } from './map-point';

export type { MapPoint };

/** Close enough to see the street a point is on. */
export const STREET_ZOOM = 16;

/**
 * The least zoom at which a tap drops a pin: a fingertip (about 40 px) covers 1.5 km at the equator
 * at 12, and less away from it. Further out one tap spans tens or thousands of kilometres, so a tap
 * zooms in on the place tapped instead (a careless tap on the whole world once dropped a pin in the
 * Sahara).
 */
export const PIN_ZOOM = 12;

/** How far one tap from further out than PIN_ZOOM zooms in: the world (2) is two taps from it. */
const TAP_ZOOM_STEP = 5;

/**
 * Where a tap at `at` (or Enter, at the map's centre) lands: a pin, at PIN_ZOOM or closer; else a
 * closer view of the place tapped. Every map that drops pins goes through here. Returns whether it
 * dropped one, so that a map can say why it did not (zoom in first).
 */
export function tapOnMap(map: LeafletMap, at: LatLng, drop: (point: MapPoint) => void): boolean {
  const zoom = map.getZoom();
  if (zoom >= PIN_ZOOM) {
    drop(toPoint(at));
    return true;
  }
  map.setView(at, Math.min(zoom + TAP_ZOOM_STEP, STREET_ZOOM));
  return false;
}

/** The whole world, for a map with nothing on it yet. */
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The provider's credit: its plain text, linked when the provider asks for a link. */
function attributionHtml({ attribution, attributionUrl }: MapTiles) {
  const text = escapeHtml(attribution);
  return attributionUrl ? `<a href="${escapeHtml(attributionUrl)}" target="_blank" rel="noopener">${text}</a>` : text;
}

/** Said on the map, once, when a tile fails: the map goes on as a plain background. */
const TilesFailedNotice = Control.extend({
  onAdd(this: { options: { text: string } }) {
    const notice = DomUtil.create('p', 'homeward-map-notice');
    notice.textContent = this.options.text;
    return notice;
  },
});

export interface MapOptions {
  tiles: MapTiles;
  /** What the map shows, for screen readers (it is the map's accessible name). */
  label: string;
  /** A map to look at, not to move (a small map on a card): no panning, zooming or focus. */
  still?: boolean;
  center?: MapPoint;
  zoom?: number;
  /** What the map says, in the page's language: English (the owner's maps) unless given. */
  words?: MapWords;
}

/** A map's own words: its zoom buttons' names and what it says when its tiles fail. */
export interface MapWords {
  zoomIn: string;
  zoomOut: string;
  tilesFailed: string;
}

const ENGLISH: MapWords = { zoomIn: 'Zoom in', zoomOut: 'Zoom out', tilesFailed: 'Map images could not load.' };

/**
 * A map in `container` with the configured raster tiles and their credit. Should the tiles not
 * load, the map stays usable: pins are drawn (no images) and taps still land.
 */
export function createMap(
  container: HTMLElement,
  { tiles, label, still = false, center, zoom, words = ENGLISH }: MapOptions,
) {
  const map = leafletMap(container, {
    // Added below, named in the page's language (Leaflet's own are English).
    zoomControl: false,
    dragging: !still,
    touchZoom: !still,
    doubleClickZoom: !still,
    scrollWheelZoom: !still,
    boxZoom: !still,
    keyboard: !still,
  });
  container.classList.add('homeward-map');
  // A map one works with is an application (its arrow keys pan it); a still one, a labelled group.
  container.setAttribute('role', still ? 'group' : 'application');
  container.setAttribute('aria-roledescription', 'map');
  container.setAttribute('aria-label', label);
  if (!still) control.zoom({ zoomInTitle: words.zoomIn, zoomOutTitle: words.zoomOut }).addTo(map);
  map.attributionControl.setPrefix(false);
  let noticeShown = false;
  tileLayer(tiles.url, { attribution: attributionHtml(tiles), maxZoom: 19 })
    .on('tileerror', () => {
      if (noticeShown) return;
      noticeShown = true;
      new TilesFailedNotice({ position: 'bottomleft', text: words.tilesFailed } as ControlOptions).addTo(map);
    })
    .addTo(map);
  map.setView(center ?? WORLD.center, center ? (zoom ?? STREET_ZOOM) : WORLD.zoom);
  // A map drawn while its dialog or card was still growing would keep the size it had then.
  const resized = new ResizeObserver(() => map.invalidateSize());
  resized.observe(container);
  map.on('unload', () => resized.disconnect());
  return map;
}

const PIN_SVG =
  '<svg viewBox="0 0 24 34" aria-hidden="true" focusable="false"><path fill="currentColor" stroke="#fff" stroke-width="1.5" d="M12 1C6 1 1.5 5.5 1.5 11.3 1.5 19 12 32.5 12 32.5S22.5 19 22.5 11.3C22.5 5.5 18 1 12 1z"/><circle cx="12" cy="11.5" r="4" fill="#fff"/></svg>';

/** A pin drawn in the page's colours (the last-seen point, a finder's position, a listed pet). */
const pinIcon = () =>
  divIcon({
    className: 'homeward-pin',
    html: PIN_SVG,
    iconSize: [28, 40],
    iconAnchor: [14, 40],
    popupAnchor: [0, -36],
  });

/** A pin that is only shown: no focus, no name of its own (the map's label says what it is). */
export const stillPin = (point: MapPoint) => marker(point, { icon: pinIcon(), interactive: false, keyboard: false });

/** A pin a person can focus: Enter opens what it is bound to (a popup), `label` is its name. */
export function namedPin(point: MapPoint, label: string) {
  const pin = marker(point, { icon: pinIcon(), keyboard: true });
  pin.on('add', () => pin.getElement()?.setAttribute('aria-label', label));
  return pin;
}

/** A point on the map's first copy of the world (a tap east of 180° is a longitude too). */
export function toPoint(at: LatLng): MapPoint {
  const { lat, lng } = at.wrap();
  return { lat, lng };
}

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * A pin to place: it can be dragged, and once focused the arrow keys move it (10 px a press, 50
 * with Shift). `onMove` hears where it ends up after each drag or key press.
 */
export function movablePin(map: LeafletMap, point: MapPoint, label: string, onMove: (point: MapPoint) => void) {
  const pin: Marker = marker(point, { icon: pinIcon(), draggable: true, keyboard: true, autoPan: true });
  pin.on('dragend', () => onMove(toPoint(pin.getLatLng())));
  pin.on('add', () => {
    const element = pin.getElement();
    if (!element) return;
    element.setAttribute('aria-label', label);
    DomEvent.on(element, 'keydown', (event) => {
      const step = KEY_STEPS[(event as KeyboardEvent).key];
      if (!step) return;
      // The map's own arrow keys would pan it as well.
      DomEvent.stop(event);
      const distance = (event as KeyboardEvent).shiftKey ? 50 : 10;
      const from = map.latLngToContainerPoint(pin.getLatLng());
      const to = map.containerPointToLatLng(from.add([step[0] * distance, step[1] * distance]));
      pin.setLatLng(to);
      map.panInside(to, { padding: [30, 45] });
      onMove(toPoint(to));
    });
  });
  return pin;
}

/** Shows every point, with room around them; one point is shown up close. */
export function showPoints(map: LeafletMap, points: MapPoint[], around?: MapPoint) {
  const all = around ? [...points, around] : points;
  if (all.length === 0) return;
  if (all.length === 1) {
    map.setView(all[0], 14);
    return;
  }
  map.fitBounds(latLngBounds(all.map((p) => latLng(p.lat, p.lng))), { padding: [30, 30], maxZoom: 15 });
}

/**
 * The area a board searched: its centre as a dot (under the pets' pins, which it must not hide) and
 * its radius as a circle, with the map fitted to it.
 */
export function showSearchArea(map: LeafletMap, center: MapPoint, km: number) {
  const style = { color: '#0f766e', weight: 2, interactive: false };
  circleMarker(center, { ...style, radius: 5, fillOpacity: 1 }).addTo(map);
  const area = circle(center, { ...style, radius: km * 1000, fillOpacity: 0.06 }).addTo(map);
  map.fitBounds(area.getBounds(), { padding: [10, 10] });
}
