import type { PublicPet } from '@/api/pets';

/** The species the form offers; stored in lower case, shown capitalised. */
export const SPECIES = ['dog', 'cat', 'bird', 'rabbit', 'other'] as const;

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The line under a pet's name: its breed, or else its species. */
export const breedOrSpecies = (pet: Pick<PublicPet, 'breed' | 'species'>) => pet.breed || capitalize(pet.species);
