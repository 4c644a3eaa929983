import {
  type FoundPet,
  NO_PET_MESSAGE,
  readTagLookup,
  TOO_MANY_LOOKUPS_MESSAGE,
} from '../../../shared/contracts/found';
import type { Db } from '../../db/connection';
import { AppError, RateLimitedError } from '../../lib/errors';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { findPetIdByMicrochip, findPetIdByShortCode } from './found.repository';

/** A code that names no pet: answered in the finder's words, the same whether it is malformed or unknown. */
export const noPetWithCode = () => new AppError(404, 'not_found', NO_PET_MESSAGE);

/**
 * Codes that name no pet, per address, counted together for the API and the /found page. A finder
 * who mistypes tries a few times; a script guessing among 27 billion codes gets nowhere. A code that
 * names a pet is not held against anyone: a shelter looks up many.
 */
export const FOUND_LOOKUP_LIMIT = { name: 'found', limit: 20, windowMs: 10 * 60_000 };

export function createFoundService({ db, rateLimits }: { db: Db; rateLimits: RateLimitsService }) {
  return {
    /**
     * The pet a tag's short code or a microchip number belongs to, as the scan page to open, for a
     * finder at address `from`; refused with 429 once that address has missed too often.
     */
    async find(input: string, from: string): Promise<FoundPet> {
      const limit = await rateLimits.hit(FOUND_LOOKUP_LIMIT, from);
      if (!limit.allowed) throw new RateLimitedError(TOO_MANY_LOOKUPS_MESSAGE, limit.retryAfter);
      const lookup = readTagLookup(input);
      const petId =
        lookup?.kind === 'shortCode'
          ? await findPetIdByShortCode(db, lookup.code)
          : lookup?.kind === 'microchip'
            ? await findPetIdByMicrochip(db, lookup.number)
            : undefined;
      if (!petId) throw noPetWithCode();
      await rateLimits.refund(FOUND_LOOKUP_LIMIT, from);
      return { petId, scanPath: `/scan/${petId}` };
    },
  };
}

export type FoundService = ReturnType<typeof createFoundService>;
