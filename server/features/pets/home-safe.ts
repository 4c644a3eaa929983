import { HOME_SAFE_DAYS } from '../../../shared/contracts/pets';
import type { Pet } from '../../../shared/schema';

const DAY_MS = 86_400_000;

/**
 * Whether the pet came home (was marked safe after being missing) within the last HOME_SAFE_DAYS:
 * the scan page thanks the finders then, and the owners may thank them in their conversations.
 */
export const isHomeSafe = (pet: Pick<Pet, 'isMissing' | 'reunitedAt'>, now = Date.now()) =>
  !pet.isMissing && pet.reunitedAt !== null && now - pet.reunitedAt.getTime() < HOME_SAFE_DAYS * DAY_MS;
