import type { SightingConversationMessage } from './conversations';

// "I Saw This Pet": what a sighting is, without zod, so that the scan page and the lost-pets board
// can name its rules without loading a validation library (the schema is sighting-schema.ts).

/** Which way the pet was going: the eight points of the compass, as the sighter picks one. */
export const SIGHTING_HEADINGS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const;
export type SightingHeading = (typeof SIGHTING_HEADINGS)[number];

/** The longest texts a sighting may carry: the schema refuses more, the forms stop typing there. */
export const SIGHTING_MAX_LENGTH = { location: 500, note: 2000, contact: 200 } as const;

/**
 * When a sighter says the pet was seen, in the dialog and in the form without scripts alike: minutes
 * before now, so no clock or time zone of the sighter's is needed. 1440 is 'yesterday', the earliest
 * a sighting may be.
 */
export const SIGHTING_MINUTES_AGO = [0, 15, 30, 60, 120, 240, 480, 1440] as const;

/** The moment one of those choices names, as the API takes it. */
export const seenMinutesAgo = (minutes: number, now = Date.now()) => new Date(now - minutes * 60_000).toISOString();

/** A sighting as the pet's owners see it: never the contact itself, nor who the sighter is. */
export interface Sighting {
  id: string;
  petId: string;
  lat: number | null;
  lng: number | null;
  location: string | null;
  seenAt: string;
  heading: SightingHeading | null;
  note: string | null;
  /** The owners' link to the photo (signed-in owners only), null without one. */
  photoUrl: string | null;
  /** Whether the owners' replies reach the sighter by e-mail as well as on their conversation page. */
  sighterHasEmail: boolean;
  /** Whether the sighter left a phone or an e-mail address (never which one's number or address). */
  hasContact: boolean;
  /** From the last-seen point, in words ('600 m north-east of the last-seen point'); null without both points. */
  fromLastSeen: string | null;
  /** The conversation with the sighter, oldest first. */
  messages: SightingConversationMessage[];
  createdAt: string;
}

/** What the sighter gets back: only that it was received, and where to read the owners' replies. */
export interface FiledSighting {
  id: string;
  /** The sighter's conversation page, when they left a contact the owners can reply to. */
  conversationPath: string | null;
}

export { sightingFormPath } from './sighting-path';

const EARTH_RADIUS_M = 6_371_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres along the earth's surface between two points (haversine). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The compass point (of eight) one goes towards from `a` to `b`. */
export function compassPoint(a: { lat: number; lng: number }, b: { lat: number; lng: number }): SightingHeading {
  const [φ1, φ2] = [toRadians(a.lat), toRadians(b.lat)];
  const Δλ = toRadians(b.lng - a.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return SIGHTING_HEADINGS[Math.round(bearing / 45) % 8];
}

/** A distance as people say it: '80 m', '600 m', '1.2 km', '14 km'. */
export function distanceInWords(metres: number) {
  if (metres < 1000) return `${Math.max(10, Math.round(metres / 10) * 10)} m`;
  const km = metres / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** '600 m north-east of the last-seen point', or 'at the last-seen point' within 25 m. */
export function fromLastSeenInWords(lastSeen: { lat: number; lng: number }, seen: { lat: number; lng: number }) {
  const metres = metresBetween(lastSeen, seen);
  if (metres < 25) return 'At the last-seen point';
  return `${distanceInWords(metres)} ${compassPoint(lastSeen, seen)} of the last-seen point`;
}
