import {
  HOME_SAFE_DAYS,
  type OwnerPet,
  PET_SUMMARY_FIELDS,
  type PetSummary,
  PUBLIC_PET_FIELDS,
  type PublicPet,
} from '../../../shared/contracts/pets';
import { photoLink } from './pets.photo';
import type { PetRow } from './pets.repository';

// Uploaded photos are served by their own cacheable route; an owner's https link is passed through.
const photoUrlOf = (pet: PetRow) => (pet.photoHash ? photoLink(pet.id, pet.photoHash) : pet.photoUrl);

const DAY_MS = 86_400_000;

/** Whether the pet came home (was marked safe after being missing) within the last HOME_SAFE_DAYS. */
const isHomeSafe = (pet: PetRow, now = Date.now()) =>
  !pet.isMissing && pet.reunitedAt !== null && now - pet.reunitedAt.getTime() < HOME_SAFE_DAYS * DAY_MS;

/** The whole pet, for its owner: no image bytes, no bookkeeping columns. */
export function presentOwnerPet(pet: PetRow): OwnerPet {
  const {
    photoHash: _hash,
    reportsSeenAt: _seen,
    contactReminderSentAt: _asked,
    lastScanAlertAt: _alerted,
    createdAt,
    contactConfirmedAt,
    reunitedAt,
    ...rest
  } = pet;
  return {
    ...rest,
    photoUrl: photoUrlOf(pet),
    createdAt: createdAt.toISOString(),
    contactConfirmedAt: contactConfirmedAt.toISOString(),
    reunitedAt: reunitedAt?.toISOString() ?? null,
    homeSafe: isHomeSafe(pet),
  };
}

/** What a finder who scans the tag may see, and nothing else: fields are whitelisted, not removed. */
export function presentPublicPet(pet: PetRow): PublicPet {
  const view = Object.fromEntries(PUBLIC_PET_FIELDS.map((field) => [field, pet[field]])) as Omit<PublicPet, 'homeSafe'>;
  return { ...view, photoUrl: photoUrlOf(pet), homeSafe: isHomeSafe(pet) };
}

/** One entry of the owner's list: whitelisted, like the public view. */
export function presentPetSummary(pet: PetRow): PetSummary {
  const view = Object.fromEntries(PET_SUMMARY_FIELDS.map((field) => [field, pet[field]])) as PetSummary;
  return { ...view, photoUrl: photoUrlOf(pet) };
}
