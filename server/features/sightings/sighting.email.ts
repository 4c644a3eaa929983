import { finderContactKind, mapLink } from '../../../shared/contracts/finder-reports';
import { fromLastSeenInWords } from '../../../shared/contracts/sightings';
import { continuesEnglishPlace, nearPlace } from '../../../shared/i18n/near-a-place';
import { possessive } from '../../../shared/possessive';
import { emailTime } from '../../lib/email-time';
import { oneLine, quoted } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import type { PetForSighting, SightingRow } from './sightings.repository';

/** Where a tapped point is in words: how far and which way from the last-seen point, else a point on the map. */
function pointWhere(pet: Pick<PetForSighting, 'lastSeenLat' | 'lastSeenLng'>, sighting: SightingRow) {
  if (sighting.lat !== null && sighting.lng !== null && pet.lastSeenLat !== null && pet.lastSeenLng !== null)
    return fromLastSeenInWords(
      { lat: pet.lastSeenLat, lng: pet.lastSeenLng },
      { lat: sighting.lat, lng: sighting.lng },
    ).replace(/^A/, 'a');
  return 'at a point on the map';
}

/** Where a sighting was, under '{name} was seen' in the push: the sighter's words as written, else where the point is. */
export function seenWhere(pet: Pick<PetForSighting, 'lastSeenLat' | 'lastSeenLng'>, sighting: SightingRow) {
  return oneLine(sighting.location ?? '') || pointWhere(pet, sighting);
}

/**
 * '{name} was seen ...', the e-mail's subject. A sighter writes anything ('Running past the bakery
 * on Strand', 'Maple Park', 'Cerca de la fuente'), so 'near' before their words would not always be
 * English ('seen near Running past ...'): the sentence runs into their words only when they go on
 * as an English sentence about a place does ('seen outside the Co-op', first letter lowered as
 * `nearPlace` does), and otherwise quotes them after a colon. Without words, how far and which way
 * from the last-seen point: a distance is no place to be near ('seen near 430 m north-east of ...').
 */
function seenSentence(name: string, pet: Pick<PetForSighting, 'lastSeenLat' | 'lastSeenLng'>, sighting: SightingRow) {
  const words = oneLine(sighting.location ?? '');
  if (!words) return `${name} was seen ${pointWhere(pet, sighting)}`;
  return continuesEnglishPlace(words) ? `${name} was seen ${nearPlace(words)}` : `${name} was seen: ${words}`;
}

/**
 * The e-mail that tells an owner (creator or co-owner) that someone saw their pet: '{name} was seen
 * ...' (see `seenSentence`). Each thing the sighter typed is one labelled line, so nothing they
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
  lines.push(`Seen: ${emailTime(sighting.seenAt, owner.timeZone)}`);
  if (sighting.heading) lines.push(`Heading: ${sighting.heading}`);
  const note = quoted(sighting.note ?? '');
  if (note) lines.push('Note:', note);
  if (sighting.photo) lines.push('Photo: on the profile');
  if (finderContactKind(sighting.contact))
    lines.push('Contact: left with Homeward, which never shows it; you can reply from the profile');
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
    subject: seenSentence(name, pet, sighting).slice(0, 200),
    body: lines.join('\n'),
  };
}
