import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clientConfigQuery } from '@/api/config';
import { createMap, type MapPoint, stillPin } from './leaflet-map';

export interface PointMapProps {
  point: MapPoint;
  /** What the map shows, for screen readers. */
  label: string;
}

/** A small map that shows one point with a pin (loaded on demand: see lazy-maps.tsx). */
export default function PointMap({ point, label }: PointMapProps) {
  // The map is drawn once the tile settings are known; should they fail, lazy-maps.tsx says so.
  const { data: config, error } = useQuery(clientConfigQuery());
  const tiles = config?.mapTiles;
  const container = useRef<HTMLDivElement>(null);
  const { lat, lng } = point;

  useEffect(() => {
    if (!container.current || !tiles) return;
    const map = createMap(container.current, { tiles, label, still: true, center: { lat, lng }, zoom: 15 });
    stillPin({ lat, lng }).addTo(map);
    return () => {
      map.remove();
    };
  }, [tiles, label, lat, lng]);

  if (error) throw error;
  return <div ref={container} className="h-40 w-full" data-point={`${lat},${lng}`} />;
}
