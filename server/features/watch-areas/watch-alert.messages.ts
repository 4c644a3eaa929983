import type { PushMessage } from '../../../shared/contracts/push';
import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import { photoLink } from '../pets/pets.photo';
import { cutForPush } from '../push/push-text';
import type { AlertToDeliver } from './watch-areas.repository';

/** The path of the page where a watcher stops these e-mails with one button (or one POST, RFC 8058). */
export const unsubscribePath = (token: string) => `/watch/unsubscribe/${token}`;

/**
 * How far the pet was last seen from the centre of the watcher's area, in words: to 100 m below
 * a kilometre, to 0.1 km above. Measured from the pet's grid cell, so never finer than the cell.
 */
export function distanceInWords(km: number) {
  if (km < 0.95) return `about ${Math.max(100, Math.round(km * 10) * 100)} m`;
  return `about ${km.toFixed(1).replace(/\.0$/, '')} km`;
}

type Pet = AlertToDeliver['pet'];

/** 'a Beagle', 'an Akita', 'a cat', 'a pet'. */
function kindOf(pet: Pet) {
  const kind = oneLine(pet.breed ?? '') || (pet.species === 'other' ? 'pet' : pet.species);
  return `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The alert on the watcher's devices: which pet, how near; a tap opens its scan page. */
export function watchAlertPush(pet: Pet, distanceKm: number): PushMessage {
  const name = oneLine(pet.name);
  return {
    title: cutForPush.title(`${name} is missing near you`),
    body: cutForPush.body(
      `${capitalised(kindOf(pet))}, last seen ${distanceInWords(distanceKm)} from the centre of your watch area. Tap to see ${possessive(name)} page.`,
    ),
    url: `/scan/${pet.id}`,
  };
}

/**
 * The e-mail to a watcher: the pet's name, kind, photo, how near and its scan page, and a one-click
 * unsubscribe, both as RFC 8058's headers and as a link in the text.
 */
export function watchAlertEmail(alert: AlertToDeliver, unsubscribeToken: string, publicUrl: string): NewNotification {
  const { pet } = alert;
  const name = oneLine(pet.name);
  const photo = pet.photoHash ? `${publicUrl}${photoLink(pet.id, pet.photoHash)}` : pet.photoUrl;
  const unsubscribeUrl = `${publicUrl}${unsubscribePath(unsubscribeToken)}`;
  const lines = [
    `${name}, ${kindOf(pet)}, was reported missing ${distanceInWords(alert.distanceKm)} from the centre of an area you watch.`,
    '',
    ...(photo ? [`Photo: ${photo}`] : []),
    `${possessive(name)} page: ${publicUrl}/scan/${pet.id}`,
    '',
    `If you see ${name}, open the page: it says how to reach the family.`,
    '',
    'You receive this e-mail because you watch an area on Homeward.',
    `Stop these e-mails: ${unsubscribeUrl}`,
    `Change your areas: ${publicUrl}/watch-areas`,
  ];
  return {
    userId: alert.userId,
    petId: pet.id,
    recipient: alert.email,
    subject: `${name} is missing near you`,
    body: lines.join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
