import { formatShortCode } from '../../../shared/contracts/found';
import {
  type OwnerPet,
  PET_SUMMARY_FIELDS,
  type PetSummary,
  PUBLIC_PAGE_DEFAULTS,
  PUBLIC_PAGE_FIELDS,
  PUBLIC_PET_FIELDS,
  type PublicPet,
} from '../../../shared/contracts/pets';
import type { PetPreview } from '../../../shared/contracts/previews';
import type { Pet } from '../../../shared/schema';
import { isHomeSafe } from './home-safe';
import { photoLink } from './pets.photo';
import type { PetRow } from './pets.repository';

const PUBLIC_PAGE_CHOICES = Object.keys(PUBLIC_PAGE_FIELDS) as (keyof typeof PUBLIC_PAGE_FIELDS)[];

/** The month as the scan page shows it ('2026-11'): no more precise than the page needs. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

// Uploaded photos are served by their own cacheable route; an owner's https link is passed through.
const photoUrlOf = (pet: Pet) => (pet.photoHash ? photoLink(pet.id, pet.photoHash) : pet.photoUrl);

/** The whole pet, for its owner: no image bytes, no bookkeeping columns. */
export function presentOwnerPet(pet: PetRow): OwnerPet {
  const {
    photoHash: _hash,
    reportsSeenAt: _seen,
    contactReminderSentAt: _asked,
    lastScanAlertAt: _alerted,
    lastSeenCellLat: _cellLat,
    lastSeenCellLng: _cellLng,
    createdAt,
    contactConfirmedAt,
    reunitedAt,
    missingSince,
    ...rest
  } = pet;
  return {
    ...rest,
    photoUrl: photoUrlOf(pet),
    createdAt: createdAt.toISOString(),
    contactConfirmedAt: contactConfirmedAt.toISOString(),
    contactConfirmedMonth: monthOf(contactConfirmedAt),
    reunitedAt: reunitedAt?.toISOString() ?? null,
    missingSince: missingSince?.toISOString() ?? null,
    homeSafe: isHomeSafe(pet),
  };
}

/**
 * What a finder who scans the tag may see, and nothing else: the pet's fields are whitelisted, and
 * each of the owner's details only when the owner's Public Page choices show it.
 */
export function presentPublicPet(pet: Pet): PublicPet {
  // Plain loops over the two lists: every scan of a tag builds one, and the entries, arrays and
  // spreads this was written with cost more than the query's own JavaScript.
  const view: Record<string, unknown> = {};
  for (const field of PUBLIC_PET_FIELDS) view[field] = pet[field];
  for (const choice of PUBLIC_PAGE_CHOICES) {
    if (pet.publicPage[choice] ?? PUBLIC_PAGE_DEFAULTS[choice])
      for (const field of PUBLIC_PAGE_FIELDS[choice]) view[field] = pet[field];
  }
  view.photoUrl = photoUrlOf(pet);
  view.contactConfirmedMonth = monthOf(pet.contactConfirmedAt);
  view.homeSafe = isHomeSafe(pet);
  // The last-seen point as a stranger may know it: its grid cell's centre, and only while the pet
  // is missing (a safe pet's last point is most likely its home).
  const cell = pet.isMissing && pet.lastSeenCellLat !== null && pet.lastSeenCellLng !== null;
  view.lastSeenLat = cell ? pet.lastSeenCellLat : null;
  view.lastSeenLng = cell ? pet.lastSeenCellLng : null;
  view.lastSeenLocation = (pet.isMissing && pet.lastSeenLocation?.trim()) || null;
  view.lastSeenDate = (pet.isMissing && pet.lastSeenDate?.trim()) || null;
  return view as PublicPet;
}

/**
 * What a link preview shows of a pet: built from the public view, so what the owner hides from a
 * stranger stays hidden here too. Where and when it was last seen come only while it is missing:
 * the words the owner wrote for the poster, as the scan page shows them. The tag's code is the one engraved on the tag.
 */
export function presentPetPreview(pet: Pet): PetPreview {
  const { id, name, species, breed, isMissing, homeSafe, lastSeenLocation, lastSeenDate } = presentPublicPet(pet);
  return {
    id,
    name,
    species,
    breed,
    isMissing,
    homeSafe,
    lastSeenLocation,
    lastSeenDate,
    tagCode: formatShortCode(pet.shortCode),
    photoHash: pet.photoHash,
  };
}

/** One entry of the owner's list: whitelisted, like the public view. */
export function presentPetSummary(pet: PetRow): PetSummary {
  const view = Object.fromEntries(PET_SUMMARY_FIELDS.map((field) => [field, pet[field]])) as PetSummary;
  return { ...view, photoUrl: photoUrlOf(pet) };
}
