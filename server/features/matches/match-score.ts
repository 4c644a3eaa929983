// Whether a found pet may be a missing one, how likely, and why in words. Pure functions: the
// matching evaluation (bench/matching-eval.ts) tunes them on a generated city, the unit tests pin
// them, and the service applies them to the candidates the database finds near the found pet.

import { foundSpeciesOf } from '../../../shared/contracts/found-report-schema';
import type { MatchReasons } from '../../../shared/contracts/matches';
import type { PetSex } from '../../../shared/contracts/pets';
import { breedsAlike, readBreedWords } from './breed-words';
import { areNeighbours, type MatchColour, readColourWords } from './colour-words';
import type { ColourShares } from './photo-colours';
import { type Markings, markingsAlike } from './photo-markings';

export interface Point {
  lat: number;
  lng: number;
}

export type Size = 'small' | 'medium' | 'large';
/** A pet's sex, as its owner and a finder say it (the one list, contracts/pets.ts). */
export type Sex = PetSex;

/** What the matcher knows of a missing pet. */
export interface MissingPetFacts {
  name: string;
  species: string;
  /** The owner's free text ('chocolate and white'). */
  colour: string | null;
  /** Read from the pet's own photo, when it has one: what the words say when they name no colour. */
  photoColours?: readonly MatchColour[];
  /** The share of the pet each colour covers in its own photo. */
  photoShares?: ColourShares;
  /** The layout of its markings in its own photo (photo-markings.ts). */
  photoMarkings?: readonly Markings[];
  /** The owner's free text ('50 lbs', '4 kg', 'small'). */
  weight: string | null;
  sex?: Sex | null;
  /** The owner's breed field ('Labrador Retriever', 'lab mix', 'DSH'). */
  breed?: string | null;
  /** The exact last-seen point; a pet without one is not matched (see docs/decisions). */
  lastSeen: Point;
  /** The day it went missing (yyyy-mm-dd), when known. */
  missingSince: string | null;
}

/** What the matcher knows of a found pet. */
export interface FoundPetFacts {
  species: string;
  /** Picked by the finder from the fixed list. */
  colours: readonly MatchColour[];
  /** Read from the found pet's photos (photo-colours.ts). */
  photoColours: readonly MatchColour[];
  /** The share of the pet each colour covers in its photos. */
  photoShares?: ColourShares;
  /** The layout of its markings, one per photo that shows any. */
  photoMarkings?: readonly Markings[];
  size: Size | null;
  sex: Sex | null;
  /** The finder's 'collar or marks' words, where they sometimes guess a breed ('looks like a lab'). */
  marks?: string | null;
  point: Point;
  /** The point as it may be spoken of: its strangers' grid cell (words never come from the exact point). */
  shownPoint?: Point;
  /** The day it was found (yyyy-mm-dd). */
  foundOn: string;
}

export interface MatchScore {
  score: number;
  /** Why, as facts: words come when someone reads them, in their language (match-reasons.ts). */
  reasons: MatchReasons;
}

/** Within this distance of the last-seen point (km); the database's candidate query uses it too. */
export const MATCH_RADIUS_KM = 10;
/** A found pet may be reported a day before the owner's 'last seen' day (time zones, memory). */
export const SLACK_DAYS = 1;
/** Found reports this old or newer are matched against a pet newly missing. */
export const MATCH_WINDOW_DAYS = 30;
/** The score an owner is alerted from, found by the matching evaluation (docs/decisions). */
export const MATCH_THRESHOLD = 0.05;
/** At most this many owners are alerted for one found report. */
export const MAX_CANDIDATES = 5;

/**
 * How fast nearness and time fade, and how much each thing counts: the score is the chance that the
 * found pet is the missing one, a logistic over the evidence, fitted on the matching evaluation's
 * tuning city (bench/matching-eval.ts `--tune`: fitted on one generated city, reported on another).
 */
export const SCORING = {
  /** A nearness of 1/e this far from the last-seen point (km). */
  distanceScaleKm: 3.3,
  /** Days after going missing with full marks, then days over which the mark falls to its floor. */
  timeFullDays: 8,
  timeFadeDays: 12,
  timeFloor: 0.2,
  /** A size one step off (small for medium) scores this much. */
  sizeOneOff: 0.25,
  /**
   * The logistic's coefficients: each part (0–1) times its own, a known-nothing mark for the photos,
   * the size and the breed, one for the same sex and one for another when both sides say it
   * (nothing when either does not), and the intercept. Fitted together on the tuning city; on the
   * reported city, at 5% within 0.2 of the best: 87.6% of true matches reach the owner, 42 false
   * alerts per 100 found reports (86.8% / 42 before the breed).
   */
  logistic: {
    colour: 2.81,
    distance: 9.42,
    time: 5.73,
    photos: 3.09,
    noPhotos: 2.6,
    markings: 6.62,
    noMarkings: 2.53,
    size: 2.04,
    noSize: 1.23,
    sameSex: 0.55,
    otherSex: -2.21,
    breed: 2.45,
    noBreed: 0.55,
    intercept: -21.7,
  },
};
export type Scoring = typeof SCORING;

const EARTH_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance in km. */
export function kmBetween(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const DAY_MS = 86_400_000;
const dayOf = (value: string | null | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(value?.trim() ?? '')?.[0];

/** Whole days from `from` to `to` (yyyy-mm-dd each), or null when either cannot be read. */
export function daysBetween(from: string | null, to: string | null): number | null {
  const a = dayOf(from);
  const b = dayOf(to);
  if (!a || !b) return null;
  const days = (Date.parse(b) - Date.parse(a)) / DAY_MS;
  return Number.isFinite(days) ? Math.round(days) : null;
}

// Body weight (kg) where 'small' ends and 'large' begins, per species; others have no sizes.
const SIZE_BOUNDS: Record<string, [number, number]> = { dog: [10, 22], cat: [3.5, 6] };
const SIZE_WORDS: [RegExp, Size][] = [
  [/\b(?:tiny|toy|mini|miniature|small|little|petite)\b/i, 'small'],
  [/\b(?:medium|mid-sized|average)\b/i, 'medium'],
  [/\b(?:large|big|huge|giant)\b/i, 'large'],
];

/** A size from the owner's weight words: '50 lbs' for a dog is large; 'small' is small. */
export function sizeOfWeight(weight: string | null, species: string): Size | null {
  const text = weight?.trim() ?? '';
  if (!text) return null;
  for (const [words, size] of SIZE_WORDS) if (words.test(text)) return size;
  const bounds = SIZE_BOUNDS[species.trim().toLowerCase()];
  const m = /(\d+(?:[.,]\d+)?)\s*(kg|kilo(?:gram)?s?|lbs?|pounds?|#)?/i.exec(text);
  if (!bounds || !m?.[2]) return null;
  const value = Number(m[1].replace(',', '.'));
  const kg = /^k/i.test(m[2]) ? value : value * 0.4536;
  return kg < bounds[0] ? 'small' : kg < bounds[1] ? 'medium' : 'large';
}

/** How well one colour a finder or a photo gives fits the owner's colours (0–1). */
function fitOf(colour: MatchColour, owner: Set<MatchColour>): number {
  if (owner.has(colour)) return 1;
  if (colour === 'multi-colour') return 0.3;
  if ([...owner].some((o) => areNeighbours(colour, o))) return 0.5;
  return 0;
}

const meanFit = (colours: readonly MatchColour[], owner: Set<MatchColour>) =>
  colours.reduce((sum, c) => sum + fitOf(c, owner), 0) / colours.length;

/**
 * The colours' agreement (0–1), or null when they cannot be the same pet: the finder's colours and
 * the photo's both fit nothing the owner said. Unknown on either side is neither here nor there.
 */
export function colourScore(
  ownerWords: string | null,
  found: Pick<FoundPetFacts, 'colours' | 'photoColours'>,
  ownerPhoto: readonly MatchColour[] = [],
) {
  const read = readColourWords(ownerWords);
  const owner = read.size > 0 ? read : new Set(ownerPhoto);
  if (owner.size === 0) return 0.5;
  const picked = found.colours.length > 0 ? meanFit(found.colours, owner) : null;
  const photo = found.photoColours.length > 0 ? meanFit(found.photoColours, owner) : null;
  if (picked === null && photo === null) return 0.5;
  if (picked === 0 && (photo === null || photo === 0)) return null;
  if (picked === null) return photo as number;
  if (photo === null) return picked;
  // The photo is a second opinion: it can lift a hurried pick more than it can sink a careful one.
  return Math.max(picked, 0.7 * picked + 0.3 * photo);
}

/**
 * How alike two photos' colour distributions are (0–1): the share of the pet both cover with the
 * same colours (a histogram intersection), a neighbouring colour counting half. A black-and-white
 * dog that is mostly white is not a mostly black one. Null when either photo has none.
 */
export function photoSharesAlike(a: ColourShares = {}, b: ColourShares = {}): number | null {
  const entriesA = Object.entries(a) as [MatchColour, number][];
  const entriesB = Object.entries(b) as [MatchColour, number][];
  if (entriesA.length === 0 || entriesB.length === 0) return null;
  let same = 0;
  const leftA = new Map(entriesA);
  const leftB = new Map(entriesB);
  for (const [colour, share] of entriesA) {
    const both = Math.min(share, leftB.get(colour) ?? 0);
    same += both;
    leftA.set(colour, share - both);
    leftB.set(colour, (leftB.get(colour) ?? 0) - both);
  }
  let near = 0;
  for (const [colour, share] of leftA)
    for (const [other, otherShare] of leftB) {
      if (share <= 0 || otherShare <= 0 || !areNeighbours(colour, other)) continue;
      const both = Math.min(leftA.get(colour) as number, otherShare);
      near += both;
      leftA.set(colour, (leftA.get(colour) as number) - both);
      leftB.set(other, otherShare - both);
    }
  return Math.min(1, same + near / 2);
}

/**
 * How alike two photos' colours are (0–1): the colours both show over the colours either shows,
 * 'multi-colour' aside. Null when either photo has none.
 */
export function photosAlike(a: readonly MatchColour[] = [], b: readonly MatchColour[] = []): number | null {
  const plainA = new Set(a.filter((c) => c !== 'multi-colour'));
  const plainB = new Set(b.filter((c) => c !== 'multi-colour'));
  if (plainA.size === 0 || plainB.size === 0) return null;
  const both = [...plainA].filter((c) => plainB.has(c)).length;
  return both / new Set([...plainA, ...plainB]).size;
}

const SIZE_ORDER: Size[] = ['small', 'medium', 'large'];

/** Each part of the evidence (0–1), null when a side does not know it. */
export interface MatchEvidence {
  colour: number;
  distance: number;
  time: number;
  photos: number | null;
  markings: number | null;
  size: number | null;
  sameSex: boolean | null;
  breed: number | null;
}

/** The best agreement of the pet's photo with any of the found pet's photos. */
function bestMarkings(pet: readonly Markings[] = [], found: readonly Markings[] = []): number | null {
  let best: number | null = null;
  for (const a of pet)
    for (const b of found) {
      const alike = markingsAlike(a, b);
      if (alike !== null) best = Math.max(best ?? 0, alike);
    }
  return best;
}

/**
 * The evidence for a pair, with the days between its two dates for the reasons, or null when it
 * cannot be the same pet (another species, too far, found before it went missing, colours with
 * nothing in common): what the evaluation fits the logistic on.
 */
export function evidenceOf(
  pet: MissingPetFacts,
  found: FoundPetFacts,
  tuning: Scoring = SCORING,
): (MatchEvidence & { days: number | null }) | null {
  if (foundSpeciesOf(pet.species) !== found.species) return null;
  const km = kmBetween(pet.lastSeen, found.point);
  if (km > MATCH_RADIUS_KM) return null;
  const days = daysBetween(pet.missingSince, found.foundOn);
  if (days !== null && days < -SLACK_DAYS) return null;
  const colour = colourScore(pet.colour, found, pet.photoColours);
  if (colour === null) return null;
  const petSize = sizeOfWeight(pet.weight, pet.species.trim().toLowerCase());
  const apart = petSize && found.size ? Math.abs(SIZE_ORDER.indexOf(petSize) - SIZE_ORDER.indexOf(found.size)) : null;
  return {
    days,
    colour,
    distance: Math.exp(-km / tuning.distanceScaleKm),
    // Strays are most often found within days of going missing; after a month, far less often.
    time:
      days === null
        ? 0.5
        : Math.max(tuning.timeFloor, 1 - Math.max(0, days - tuning.timeFullDays) / tuning.timeFadeDays),
    // Both photos' colours read the same way...
    photos: photoSharesAlike(pet.photoShares, found.photoShares) ?? photosAlike(pet.photoColours, found.photoColours),
    // ...and, the strongest sign of all that two pets are one, their markings lie in the same places.
    markings: bestMarkings(pet.photoMarkings, found.photoMarkings),
    size: apart === null ? null : apart === 0 ? 1 : apart === 1 ? tuning.sizeOneOff : 0,
    sameSex: pet.sex && found.sex ? pet.sex === found.sex : null,
    // The owner's breed against the finder's guess: the same breed, a lookalike of its family, or another.
    breed: breedsAlike(readBreedWords(pet.breed, pet.species), readBreedWords(found.marks, found.species)),
  };
}

/** The chance the evidence gives that the found pet is the missing one (the fitted logistic). */
function chanceOf(evidence: MatchEvidence, tuning: Scoring = SCORING): number {
  const c = tuning.logistic;
  const z =
    c.intercept +
    c.colour * evidence.colour +
    c.distance * evidence.distance +
    c.time * evidence.time +
    (evidence.photos === null ? c.noPhotos : c.photos * evidence.photos) +
    (evidence.markings === null ? c.noMarkings : c.markings * evidence.markings) +
    (evidence.size === null ? c.noSize : c.size * evidence.size) +
    (evidence.sameSex === null ? 0 : evidence.sameSex ? c.sameSex : c.otherSex) +
    (evidence.breed === null ? c.noBreed : c.breed * evidence.breed);
  return 1 / (1 + Math.exp(-z));
}

/** How the found pet fits the missing one, or null when it cannot be that pet. */
export function scoreMatch(pet: MissingPetFacts, found: FoundPetFacts, tuning: Scoring = SCORING): MatchScore | null {
  const evidence = evidenceOf(pet, found, tuning);
  if (!evidence) return null;
  const petSize = sizeOfWeight(pet.weight, pet.species.trim().toLowerCase());
  return {
    score: Number(chanceOf(evidence, tuning).toFixed(4)),
    reasons: reasonsOf(pet, found, evidence.days, petSize),
  };
}

/**
 * What an owner is told of why: the species, the colours the finder saw (else the photo's), the
 * size and sex when both sides agree, how far from the last-seen point (from the found report's
 * grid cell, never its exact point) and how many days after.
 */
function reasonsOf(
  pet: MissingPetFacts,
  found: FoundPetFacts,
  days: number | null,
  petSize: Size | null,
): MatchReasons {
  const fromFinder = found.colours.length > 0;
  const km = kmBetween(pet.lastSeen, found.shownPoint ?? found.point);
  return {
    species: found.species.trim().toLowerCase(),
    colours: [...new Set(fromFinder ? found.colours : found.photoColours)],
    coloursFrom: fromFinder ? 'finder' : 'photo',
    size: found.size && petSize === found.size ? found.size : null,
    sex: found.sex && pet.sex === found.sex ? found.sex : null,
    km: Math.round(km * 1000) / 1000,
    days,
  };
}

/**
 * How far below the best candidate's score another may be and still be alerted. Chosen with the
 * matching evaluation on the tuning city (docs/decisions): the true pet is most often the best
 * candidate by a clear step, and the lookalikes far behind it are the false alerts.
 */
export const MATCH_MARGIN = 0.2;

export interface Selection {
  threshold: number;
  margin: number;
  most: number;
}
export const SELECTION: Selection = { threshold: MATCH_THRESHOLD, margin: MATCH_MARGIN, most: MAX_CANDIDATES };

/**
 * The candidates to alert for one report, best first: at or above the threshold, within the margin
 * of the best one, at most `most`. Used both ways: the missing pets for a found report, and the
 * found reports for a pet newly missing.
 */
export function bestCandidates<T extends { score: number }>(
  scored: readonly T[],
  selection: Selection = SELECTION,
): T[] {
  const ranked = scored.filter((c) => c.score >= selection.threshold).sort((a, b) => b.score - a.score);
  if (ranked.length === 0) return [];
  const floor = ranked[0].score - selection.margin;
  return ranked.filter((c) => c.score >= floor - 1e-9).slice(0, selection.most);
}
