import { useQuery } from '@tanstack/react-query';
import { divIcon, marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { clientConfigQuery } from '@/api/config';
import { createMap, type MapPoint, showPoints, stillPin } from './leaflet-map';

export interface NumberedMapProps {
  /** The points, numbered as the list beside the map numbers them. */
  points: (MapPoint & { number: number })[];
  /** A point drawn as a pin under the numbers (the last-seen point). */
  anchor?: MapPoint;
  /** What the map shows, for screen readers. */
  label: string;
}

/** A number in a disc: what the timeline beside the map calls the same place. */
const numberIcon = (number: number) =>
  divIcon({ className: 'homeward-number', html: `<span>${number}</span>`, iconSize: [28, 28], iconAnchor: [14, 14] });

/**
 * A map of several numbered points around one pin (loaded on demand: see lazy-maps.tsx). Nothing on
 * it is only on it: the list beside it carries every point in words.
 */
export default function NumberedMap({ points, anchor, label }: NumberedMapProps) {
  const { data: config, error } = useQuery(clientConfigQuery());
  const tiles = config?.mapTiles;
  const container = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([points, anchor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the points and the anchor.
  useEffect(() => {
    if (!container.current || !tiles) return;
    const map = createMap(container.current, { tiles, label });
    if (anchor) stillPin(anchor).addTo(map);
    // The oldest drawn first, so the newest (1) lies on top where they overlap.
    for (const point of [...points].reverse())
      marker(point, { icon: numberIcon(point.number), interactive: false, keyboard: false }).addTo(map);
    showPoints(map, points, anchor);
    return () => {
      map.remove();
    };
  }, [tiles, label, key]);

  if (error) throw error;
  return <div ref={container} className="h-72 w-full" data-points={points.length} />;
}
