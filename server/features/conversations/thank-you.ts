import { finderContactKind } from '../../../shared/contracts/finder-reports';
import { HOME_SAFE_DAYS } from '../../../shared/contracts/pets';
import type { Language } from '../../../shared/i18n/languages';
import { possessive } from '../../../shared/possessive';
import { translator } from '../../lib/i18n';

/** The words of the one-tap thank-you each finder receives once the pet is home safe, in the finder's language. */
export const thankYouMessage = (petName: string, language: Language) => {
  const name = petName.trim();
  return translator(language)('email.thankYou', { name, petPossessive: possessive(name) });
};

/** Why there is no thank-you to send: the pet is missing, was never missing, or came home too long ago. */
export const notHomeSafeMessage = (petName: string) =>
  `${petName.trim()} is not home safe: finders can be thanked in the ${HOME_SAFE_DAYS} days after a missing pet is marked safe.`;

/**
 * Who a finder is, as far as Homeward can tell: the contact they left, written one way (an e-mail
 * address in lower case, a phone number as its digits), so that one person's reports count once.
 * Null when they left no contact: such a finder cannot be reached, nor thanked.
 */
export function finderKey(contact: string | null): string | null {
  const kind = finderContactKind(contact);
  if (!kind || !contact) return null;
  const text = contact.trim();
  return kind === 'email' ? text.toLowerCase() : text.replace(/[^\d+]/g, '');
}
