import type { LostBoardQuery, LostPet } from '../../../shared/contracts/places';
import type { Db } from '../../db/connection';
import { presentLostPet } from './lost-pets.presenter';
import { findLostPetsNear } from './lost-pets.repository';

/** The public board of missing pets near a point: the API and the /lost page both read it here. */
export function createLostPetsService({ db }: { db: Db }) {
  return {
    async near({ lat, lng, km }: LostBoardQuery): Promise<LostPet[]> {
      return (await findLostPetsNear(db, { lat, lng }, km)).map(presentLostPet);
    },
  };
}

export type LostPetsService = ReturnType<typeof createLostPetsService>;
