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

/** Whether two numbers name a place on the earth: a typed 123° north is marked on its field, not pinned. */
export const isOnEarth = ({ lat, lng }: MapPoint) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
