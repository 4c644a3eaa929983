import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { ClaimedPet } from './contacts.repository';

// A name typed by a person must not be able to start a new mail header.

/**
 * The e-mail that asks the owner whether a pet's contact details are still right: the details, a
 * one-click confirmation link and a link to the edit form.
 */
export function contactReminderEmail(pet: ClaimedPet, confirmUrl: string, editUrl: string): NewNotification {
  const name = oneLine(pet.name);
  const details = [
    `Name: ${oneLine(pet.ownerName)}`,
    `Phone: ${oneLine(pet.ownerPhone)}`,
    `E-mail: ${pet.ownerEmail ? oneLine(pet.ownerEmail) : '(none)'}`,
    `Address: ${pet.ownerAddress ? oneLine(pet.ownerAddress) : '(none)'}`,
  ];
  return {
    userId: pet.userId,
    petId: pet.id,
    recipient: pet.accountEmail,
    subject: `Are ${possessive(name)} contact details still right?`,
    body: [
      `Whoever finds ${name} sees these details on ${possessive(name)} Homeward page:`,
      '',
      ...details,
      '',
      `Still right? Confirm them with one click (the link works for 30 days, once):`,
      confirmUrl,
      '',
      `Something changed? Update them here:`,
      editUrl,
      '',
      `You receive this e-mail because ${possessive(name)} contact details were last confirmed more than six months ago.`,
    ].join('\n'),
  };
}
