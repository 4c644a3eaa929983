import type { PublicFoundReport } from './found-report-schema';

/**
 * A found pet that may be the owner's missing pet, as `GET /api/pets/{id}/matches` lists it: the
 * found report's public view (its place only as a grid cell, nothing of the finder), how well it
 * fits (0–1), and why, in words ('Dog', 'brown and white', 'found 1.4 km from where Bella was last
 * seen', '2 days after').
 */
export interface PossibleMatch {
  foundReport: PublicFoundReport;
  score: number;
  reasons: string[];
  /** Proposed until the owner says "That's {name}!" (confirmed); 'Not {name}' removes it for good. */
  status: 'proposed' | 'confirmed';
}

/** Where a pet's possible matches are on its profile: the alerts open it there. */
export const POSSIBLE_MATCHES_ANCHOR = 'possible-matches';
