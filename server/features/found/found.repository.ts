import { desc, eq, sql } from 'drizzle-orm';
import { pets } from '../../../shared/schema';
import type { Db } from '../../db/connection';

/** The pet whose tag carries this short code (stored upper-case, as generated). */
export async function findPetIdByShortCode(db: Db, code: string) {
  const [row] = await db.select({ id: pets.id }).from(pets).where(eq(pets.shortCode, code));
  return row?.id;
}

/**
 * The pet with this microchip number, however the owner typed it (with spaces or dashes). Should
 * two profiles carry one chip, the newer is taken: it is the likelier to be kept up to date.
 */
export async function findPetIdByMicrochip(db: Db, digits: string) {
  const [row] = await db
    .select({ id: pets.id })
    .from(pets)
    .where(sql`regexp_replace(${pets.microchipId}, '[^0-9]', '', 'g') = ${digits}`)
    .orderBy(desc(pets.createdAt))
    .limit(1);
  return row?.id;
}
