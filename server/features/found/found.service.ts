import { type FoundPet, NO_PET_MESSAGE, readTagLookup } from '../../../shared/contracts/found';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/errors';
import { findPetIdByMicrochip, findPetIdByShortCode } from './found.repository';

/** A code that names no pet: answered in the finder's words, the same whether it is malformed or unknown. */
export const noPetWithCode = () => new AppError(404, 'not_found', NO_PET_MESSAGE);

export function createFoundService({ db }: { db: Db }) {
  return {
    /** The pet a tag's short code or a microchip number belongs to, as the scan page to open. */
    async find(input: string): Promise<FoundPet> {
      const lookup = readTagLookup(input);
      const petId =
        lookup?.kind === 'shortCode'
          ? await findPetIdByShortCode(db, lookup.code)
          : lookup?.kind === 'microchip'
            ? await findPetIdByMicrochip(db, lookup.number)
            : undefined;
      if (!petId) throw noPetWithCode();
      return { petId, scanPath: `/scan/${petId}` };
    },
  };
}

export type FoundService = ReturnType<typeof createFoundService>;
