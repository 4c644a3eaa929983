import type { SightingConversationMessage } from '../../../shared/contracts/conversations';
import { finderContactKind } from '../../../shared/contracts/finder-reports';
import { fromLastSeenInWords, type Sighting, type SightingHeading } from '../../../shared/contracts/sightings';
import type { ListedSighting } from './sightings.repository';

/** The link to a sighting's photo: for the pet's owners only, and the hash makes it cacheable. */
export const sightingPhotoLink = (petId: string, sightingId: string, hash: string) =>
  `/api/pets/${petId}/sightings/${sightingId}/photo?v=${hash}`;

/**
 * Whitelists what a sighting carries for the pet's owners: where, when, which way, the note and the
 * photo's link; of the contact only whether there is one and whether replies can reach an e-mail
 * address, never the number or the address (DESIGN §7); nothing that says who the sighter is.
 */
export function presentSighting(
  row: ListedSighting,
  lastSeen: { lastSeenLat: number | null; lastSeenLng: number | null },
  messages: SightingConversationMessage[],
): Sighting {
  const kind = finderContactKind(row.contact);
  const fromLastSeen =
    row.lat !== null && row.lng !== null && lastSeen.lastSeenLat !== null && lastSeen.lastSeenLng !== null
      ? fromLastSeenInWords({ lat: lastSeen.lastSeenLat, lng: lastSeen.lastSeenLng }, { lat: row.lat, lng: row.lng })
      : null;
  return {
    id: row.id,
    petId: row.petId,
    lat: row.lat,
    lng: row.lng,
    location: row.location,
    seenAt: row.seenAt.toISOString(),
    heading: row.heading as SightingHeading | null,
    note: row.note,
    photoUrl: row.photoHash ? sightingPhotoLink(row.petId, row.id, row.photoHash) : null,
    sighterHasEmail: kind === 'email',
    hasContact: kind !== null,
    fromLastSeen,
    messages,
    createdAt: row.createdAt.toISOString(),
  };
}
