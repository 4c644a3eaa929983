import type { PushMessage } from '../../../shared/contracts/push';
import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import { cutForPush } from '../push/push-text';
import type { ScanAlertPet } from './scan-log.repository';

// A name typed by a person must not be able to start a new mail header.
const title = (pet: ScanAlertPet) => `${possessive(oneLine(pet.name))} tag was scanned`;

/** The e-mail to one of the pet's owners that someone has just opened the missing pet's scan page. */
export function scanAlertEmail(pet: ScanAlertPet, owner: PetOwner, publicUrl: string): NewNotification {
  const name = oneLine(pet.name);
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: title(pet),
    body: [
      `Someone has just opened ${possessive(name)} Homeward page, from the tag or a poster.`,
      `When they share where they found ${name}, you will hear of it at once.`,
      '',
      `See ${possessive(name)} recent scans: ${publicUrl}/pet/${pet.id}#recent-scans`,
      '',
      `You receive this e-mail because ${name} is marked missing; at most one an hour is sent.`,
    ].join('\n'),
  };
}

/** The alert on the owners' devices; a tap opens the pet's recent scans. */
export function scanAlertPush(pet: ScanAlertPet): PushMessage {
  return {
    title: cutForPush.title(title(pet)),
    body: 'Someone has just opened its Homeward page.',
    url: `/pet/${pet.id}#recent-scans`,
  };
}
