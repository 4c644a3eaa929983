import {
  WATCH_AREA_RADII_KM,
  type WatchAlertsSent,
  type WatchArea,
  type WatchAreaRadius,
} from '../../../shared/contracts/watch-areas';
import type { WatchAreaRow } from './watch-areas.repository';

/** An area, for its owner only: whose it is stays on the server. */
export function presentWatchArea(area: WatchAreaRow): WatchArea {
  return {
    id: area.id,
    lat: area.lat,
    lng: area.lng,
    radiusKm: area.radiusKm as WatchAreaRadius,
    push: area.push,
    email: area.email,
    createdAt: area.createdAt.toISOString(),
  };
}

/** A count and a radius of the list, never anything that tells one neighbour from another. */
export function presentAlertsSent({
  neighbours,
  farthestKm,
}: {
  neighbours: number;
  farthestKm: number | null;
}): WatchAlertsSent {
  if (neighbours === 0 || farthestKm === null) return { neighbours: 0, withinKm: null };
  return {
    neighbours,
    withinKm: WATCH_AREA_RADII_KM.find((km) => farthestKm <= km) ?? WATCH_AREA_RADII_KM[WATCH_AREA_RADII_KM.length - 1],
  };
}
