// What maps and the forms around them share, without Leaflet (which loads only with a map).

export interface MapPoint {
  lat: number;
  lng: number;
}

/** Close enough to see the street a point is on. */
export const STREET_ZOOM = 16;

/** A point as stored: to five decimals, about a metre, finer than any phone's position. */
export function roundPoint({ lat, lng }: MapPoint): MapPoint {
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  return { lat: round(lat), lng: round(lng) };
}
