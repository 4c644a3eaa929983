import type { GpsPing, InsertGpsPing } from '../schema';

/** A finder's report as the pet's owner receives it: no owner id, the time as an ISO string. */
export type FinderReport = Omit<GpsPing, 'userId' | 'createdAt' | 'conversationToken' | 'locale'> & {
  createdAt: string;
};

/** What the scan page sends; latitude and longitude stay empty unless the finder shared them. */
export type NewFinderReport = Required<Omit<InsertGpsPing, 'finderLatitude' | 'finderLongitude' | 'finderContact'>> &
  Pick<InsertGpsPing, 'finderLatitude' | 'finderLongitude' | 'finderContact'>;

/** The longest texts a report may carry: the server's schema refuses more, the scan form stops typing there. */
export const FINDER_REPORT_MAX_LENGTH = {
  finderName: 200,
  finderLocation: 500,
  message: 2000,
  finderContact: 200,
} as const;

/** A link that opens the spot in the phone's map app or in a browser. */
export const mapLink = (latitude: string, longitude: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${latitude},${longitude}`)}`;
