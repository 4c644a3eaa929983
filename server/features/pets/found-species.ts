import { sql } from 'drizzle-orm';
import { FOUND_SPECIES } from '../../../shared/contracts/found-report-schema';
import { pets } from '../../../shared/schema';

/**
 * The pets whose free-text species reads as `species` on the found pets' list, in SQL, as
 * `foundSpeciesOf` reads one in code (a hamster is 'other'): a fragment for the repositories that
 * offer a found pet's candidates (matching, and the claim's list of one's missing pets).
 */
export const petOfFoundSpecies = (species: string) =>
  species === 'other'
    ? sql`lower(trim(${pets.species})) not in ${FOUND_SPECIES.filter((listed) => listed !== 'other')}`
    : sql`lower(trim(${pets.species})) = ${species}`;
