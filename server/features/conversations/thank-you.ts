import { HOME_SAFE_DAYS } from '../../../shared/contracts/pets';
import { possessive } from '../../../shared/possessive';

/** The words of the one-tap thank-you each finder receives once the pet is home safe. */
export const thankYouMessage = (petName: string) => {
  const name = petName.trim();
  return `${name} is home safe. Thank you for helping! Your report helped bring ${name} home, and ${possessive(name)} family is grateful.`;
};

/** Why there is no thank-you to send: the pet is missing, was never missing, or came home too long ago. */
export const notHomeSafeMessage = (petName: string) =>
  `${petName.trim()} is not home safe: finders can be thanked in the ${HOME_SAFE_DAYS} days after a missing pet is marked safe.`;
