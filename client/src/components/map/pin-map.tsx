import { useQuery } from '@tanstack/react-query';
import type { Map as LeafletMap, Marker } from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { clientConfigQuery } from '@/api/config';
import { createMap, type MapPoint, type MapWords, movablePin, STREET_ZOOM, tapOnMap } from './leaflet-map';

export interface PinMapProps {
  /** Where the pin is; null before one is dropped. */
  value: MapPoint | null;
  onChange(point: MapPoint): void;
  /** What the map is for, for screen readers (its accessible name). */
  label: string;
  /** The pin's accessible name. */
  pinLabel: string;
  /** The id of the words that say how to use the map. */
  describedBy?: string;
  /** Shows this point up close each time a new object is given (the phone's position just arrived). */
  view?: { center: MapPoint };
  /** Where the map opens without a pin (and without it, on the whole world). */
  start?: { center: MapPoint; zoom: number };
  /**
   * Said when a tap or Enter from far out zoomed in instead of pinning. A finder's map says it in their
   * language (`common.mapZoomIn`); the owner's maps, like the rest of the app, in English.
   */
  zoomInText?: string;
  /** The map's own words (its zoom buttons, its tiles failing): a finder's map says them in their language. */
  words?: MapWords;
}

/** The owner's maps' words: the English of `common.mapZoomIn`, which the finder's maps say. */
const ZOOM_IN_TO_PIN = 'Zoom in to pin the place: from this far out, a tap brings the map closer first.';

/** The pin, on `map`: it tells the newest `onChange` where it was dragged or moved to. */
const placePin = (map: LeafletMap, point: MapPoint, label: string, onChange: RefObject<(point: MapPoint) => void>) =>
  movablePin(map, point, label, (moved) => onChange.current(moved)).addTo(map);

/**
 * A map to drop a pin on (a tap, or Enter at the map's centre for a keyboard), then drag it or move it
 * with the arrow keys; from further out than a street or town, a tap or Enter zooms in on the place
 * first (see `tapOnMap`), and a line under the map says so. Loaded on demand: see lazy-maps.tsx.
 */
export default function PinMap({
  value,
  onChange,
  label,
  pinLabel,
  describedBy,
  view,
  start,
  zoomInText = ZOOM_IN_TO_PIN,
  words,
}: PinMapProps) {
  // The map is drawn once the tile settings are known; should they fail, lazy-maps.tsx says so.
  const { data: config, error } = useQuery(clientConfigQuery());
  const tiles = config?.mapTiles;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap>(null);
  const pinRef = useRef<Marker>(null);
  // Leaflet's handlers are bound once; they reach the newest callback through this.
  const change = useRef(onChange);
  change.current = onChange;
  const current = useRef(value);
  current.current = value;
  const pinName = useRef(pinLabel);
  pinName.current = pinLabel;
  const opening = useRef(start);
  opening.current = start;
  const mapWords = useRef(words);
  mapWords.current = words;
  // Whether the last tap zoomed in rather than pinned: the line under the map then says why.
  const [zoomedIn, setZoomedIn] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element || !tiles) return;
    const map = createMap(element, {
      tiles,
      label,
      words: mapWords.current,
      ...(current.current ? { center: current.current } : opening.current),
    });
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    map.on('click', (event) => setZoomedIn(!tapOnMap(map, event.latlng, change.current)));
    const dropAtCentre = (event: KeyboardEvent) => {
      if (event.target !== element || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      setZoomedIn(!tapOnMap(map, map.getCenter(), change.current));
    };
    element.addEventListener('keydown', dropAtCentre);
    mapRef.current = map;
    if (current.current) pinRef.current = placePin(map, current.current, pinName.current, change);
    return () => {
      element.removeEventListener('keydown', dropAtCentre);
      map.remove();
      mapRef.current = null;
      pinRef.current = null;
    };
  }, [tiles, label, describedBy]);

  // The pin follows the value: dropped, moved, or taken away.
  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (lat === undefined || lng === undefined) {
      pinRef.current?.remove();
      pinRef.current = null;
      return;
    }
    setZoomedIn(false);
    if (pinRef.current) pinRef.current.setLatLng({ lat, lng });
    else pinRef.current = placePin(map, { lat, lng }, pinName.current, change);
  }, [lat, lng]);

  useEffect(() => {
    if (view) mapRef.current?.setView(view.center, STREET_ZOOM);
  }, [view]);

  // A start that arrives after the map is drawn (the owner's pets, loaded) moves it while it has no pin.
  const startLat = start?.center.lat;
  const startLng = start?.center.lng;
  const startZoom = start?.zoom;
  useEffect(() => {
    if (startLat === undefined || startLng === undefined || current.current) return;
    mapRef.current?.setView({ lat: startLat, lng: startLng }, startZoom);
  }, [startLat, startLng, startZoom]);

  if (error) throw error;
  return (
    <>
      <div ref={container} className="h-56 w-full" />
      {/* Read out as it changes: a tap that only zoomed in is never a mystery. */}
      <p className="text-sm" aria-live="polite">
        {zoomedIn ? zoomInText : ''}
      </p>
    </>
  );
}
