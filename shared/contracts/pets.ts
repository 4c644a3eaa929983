import type { Pet } from '../schema';

/** A pet as its owner receives it: dates as JSON strings, photo as a link, never inline bytes. */
export type OwnerPet = Omit<Pet, 'createdAt' | 'reportsSeenAt' | 'photoHash'> & {
  createdAt: string;
  /** Finder reports that arrived since the owner last opened this pet's profile. */
  newReports: number;
};

/** A pet in the owner's list: what the dashboard, pickers and counters show, so the list stays small. */
export const PET_SUMMARY_FIELDS = [
  'id',
  'name',
  'species',
  'breed',
  'photoUrl',
  'isMissing',
  'newReports',
] as const satisfies readonly (keyof OwnerPet)[];

export type PetSummary = Pick<OwnerPet, (typeof PET_SUMMARY_FIELDS)[number]>;

/** What anyone who scans the tag may see: the scan page needs this and nothing more. */
export const PUBLIC_PET_FIELDS = [
  'id',
  'name',
  'species',
  'breed',
  'age',
  'weight',
  'color',
  'microchipId',
  'photoUrl',
  'ownerName',
  'ownerPhone',
  'ownerEmail',
  'medicalNotes',
  'specialNeeds',
  'isMissing',
] as const satisfies readonly (keyof Pet)[];

export type PublicPet = Pick<Pet, (typeof PUBLIC_PET_FIELDS)[number]>;
