// What the forms around a map need of it, without Leaflet (which loads only with a map). The map's own
// code imports nothing at run time from here, or this file would tie the page's chunk to the map's.

export interface MapPoint {
  lat: number;
  lng: number;
}

/** A point as stored: to five decimals, about a metre, finer than any phone's position. */
export function roundPoint({ lat, lng }: MapPoint): MapPoint {
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  return { lat: round(lat), lng: round(lng) };
}
