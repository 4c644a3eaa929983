import type { FoundColor, FoundSex, FoundSize, PublicFoundReport } from './found-report-schema';

/**
 * A found pet that may be the owner's missing pet, as `GET /api/pets/{id}/matches` lists it: the
 * found report's public view (its place only as a grid cell, nothing of the finder), how well it
 * fits (0–1), and why, in words of the request's language ('Dog', 'brown and white', 'found 1.4 km
 * from where Bella was last seen', '2 days after').
 */
export interface PossibleMatch {
  foundReport: PublicFoundReport;
  score: number;
  reasons: string[];
  /** Proposed until the owner says "That's {name}!" (confirmed); 'Not {name}' removes it for good. */
  status: 'proposed' | 'confirmed';
  /** The finder answered the owners' "That's {name}!" with 'Not the Pet I Found'. */
  finderSaysNot: boolean;
  /** Once confirmed: the finder report it filed, whose conversation is on the profile's Finder Reports. */
  finderReportId: string | null;
}

/**
 * Why a found pet may be the missing one, as facts rather than words: each reader gets them in
 * their own language (server/features/matches/match-reasons.ts), and the pet's name is the one it
 * has when they are read.
 */
export interface MatchReasons {
  /** The found pet's species, as the finder picked it ('dog'). */
  species: string;
  /** The colours that fit: the finder's picks, or, when the finder picked none, the photo's. */
  colours: FoundColor[];
  coloursFrom: 'finder' | 'photo';
  /** The size and sex, each only when both sides know it and agree. */
  size: FoundSize | null;
  sex: FoundSex | null;
  /** From the found report's grid cell to the pet's last-seen point, in km (to the metre). */
  km: number;
  /** Whole days from the pet's last-seen day to the day it was found; null when either is unknown. */
  days: number | null;
}

/**
 * Whether the signed-in owner gets e-mails about this pet's possible matches, as
 * `GET`/`PATCH /api/pets/{id}/match-emails` read and set it: off after the e-mail's one-click
 * unsubscribe, back on from the profile. Pushes and the profile's list do not depend on it.
 */
export interface MatchEmails {
  email: boolean;
}

/** Where a pet's possible matches are on its profile: the alerts open it there. */
export const POSSIBLE_MATCHES_ANCHOR = 'possible-matches';
