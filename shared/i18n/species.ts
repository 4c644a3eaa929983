import type { StringKey, Translate } from './strings';

// The form's species, in the finder's words; one the owner typed is shown as typed.
const SPECIES_KEYS: Record<string, StringKey> = {
  dog: 'scan.speciesDog',
  cat: 'scan.speciesCat',
  bird: 'scan.speciesBird',
  rabbit: 'scan.speciesRabbit',
  other: 'scan.speciesOther',
};

export const speciesName = (species: string, t: Translate) =>
  Object.hasOwn(SPECIES_KEYS, species) ? t(SPECIES_KEYS[species]) : species.charAt(0).toUpperCase() + species.slice(1);
