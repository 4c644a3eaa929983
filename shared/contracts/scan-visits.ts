/**
 * A visit to a pet's scan page by someone other than its owners, as the owners see it. The
 * position is approximate (about a kilometre) and only there when that finder shared theirs.
 */
export interface ScanVisit {
  id: string;
  createdAt: string;
  latitude: string | null;
  longitude: string | null;
}

/** How many of the latest visits a pet's profile lists. */
export const RECENT_SCANS_SHOWN = 20;
