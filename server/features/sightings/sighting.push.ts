import type { PushMessage } from '../../../shared/contracts/push';
import { cutForPush } from '../push/push-text';
import { seenWhere } from './sighting.email';
import type { PetForSighting, SightingRow } from './sightings.repository';

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The alert on the owners' devices: which pet, where (see `seenWhere`); a tap opens the sighting on its profile. */
export function sightingPush(pet: PetForSighting, sighting: SightingRow): PushMessage {
  return {
    title: cutForPush.title(`${pet.name} was seen`),
    body: cutForPush.body(
      `${capitalized(seenWhere(pet, sighting))}${sighting.heading ? `, heading ${sighting.heading}` : ''}`,
    ),
    url: `/pet/${pet.id}#sighting-${sighting.id}`,
  };
}
