import { type Column, type SQL, sql } from 'drizzle-orm';
import { pets } from '../../../shared/schema';

/**
 * Rows of the pet `petId` made (their `createdAt`) in its current absence: since it was last reported
 * missing (pets.missing_since); none while it is safe. One rule for the owners' sightings and
 * matches, so that a pet lost again never shows an earlier absence's.
 */
export const inCurrentAbsence = (createdAt: Column, petId: string): SQL =>
  sql`${createdAt} >= (select ${pets.missingSince} from ${pets} where ${pets.id} = ${petId})`;
