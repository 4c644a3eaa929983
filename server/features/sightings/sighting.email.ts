import { finderContactKind, mapLink } from '../../../shared/contracts/finder-reports';
import { fromLastSeenInWords } from '../../../shared/contracts/sightings';
import { nearPlace } from '../../../shared/i18n/near-a-place';
import { possessive } from '../../../shared/possessive';
import { ownerEmailTime } from '../../lib/email-time';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import type { PetForSighting, SightingRow } from './sightings.repository';

/**
 * Where a sighting was, as the end of '{name} was seen ...': near what the sighter typed, else how
 * far and which way from the last-seen point, else a point on the map. Only the sighter's words
 * take 'near': a distance or a point is no place to be near ('seen near 430 m north-east of ...').
 */
export function seenWhere(pet: Pick<PetForSighting, 'lastSeenLat' | 'lastSeenLng'>, sighting: SightingRow) {
  const words = oneLine(sighting.location ?? '');
  if (words) return nearPlace(words);
  if (sighting.lat !== null && sighting.lng !== null && pet.lastSeenLat !== null && pet.lastSeenLng !== null)
    return fromLastSeenInWords(
      { lat: pet.lastSeenLat, lng: pet.lastSeenLng },
      { lat: sighting.lat, lng: sighting.lng },
    ).replace(/^A/, 'a');
  return 'at a point on the map';
}

/**
 * The e-mail that tells an owner (creator or co-owner) that someone saw their pet: '{name} was seen
 * near ...' (see `seenWhere`). Each thing the sighter typed is one labelled line, so nothing they
 * write can pass for our text; an e-mail address they left is never passed on (replies go through
 * Homeward).
 */
export function sightingEmail(
  pet: PetForSighting,
  owner: PetOwner,
  sighting: SightingRow,
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  const lines = [`Someone saw ${name} and told Homeward where.`, ''];
  const words = oneLine(sighting.location ?? '');
  if (words) lines.push(`Where: ${words}`);
  if (sighting.lat !== null && sighting.lng !== null) {
    if (pet.lastSeenLat !== null && pet.lastSeenLng !== null)
      lines.push(
        `Position: ${fromLastSeenInWords({ lat: pet.lastSeenLat, lng: pet.lastSeenLng }, { lat: sighting.lat, lng: sighting.lng })}`,
      );
    lines.push(`Map: ${mapLink(String(sighting.lat), String(sighting.lng))}`);
  }
  lines.push(`Seen: ${ownerEmailTime(sighting.seenAt)}`);
  if (sighting.heading) lines.push(`Heading: ${sighting.heading}`);
  const note = oneLine(sighting.note ?? '');
  if (note) lines.push(`Note: ${note}`);
  if (sighting.photo) lines.push('Photo: on the profile');
  const kind = finderContactKind(sighting.contact);
  if (kind === 'phone') lines.push(`Phone: ${oneLine(sighting.contact ?? '')}`);
  if (kind === 'email') lines.push('Contact: you can reply through Homeward from the profile');
  lines.push(
    '',
    `See every sighting on the map on ${possessive(name)} profile: ${publicUrl}/pet/${pet.id}#sighting-${sighting.id}`,
    '',
    `You receive this e-mail because ${name} is reported missing on Homeward.`,
  );
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: `${name} was seen ${seenWhere(pet, sighting)}`.slice(0, 200),
    body: lines.join('\n'),
  };
}
