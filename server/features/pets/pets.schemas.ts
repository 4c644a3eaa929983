import { z } from 'zod';
import { insertPetSchema } from '../../../shared/schema';
import { idParam } from '../../lib/validate';

const byId = z.object({ id: idParam('Pet') });

/** What each pets route accepts. */
export const petsSchemas = {
  create: { body: insertPetSchema },
  byId: { params: byId },
  // Any subset of the fields, and also the whole pet as the profile's toggle sends it: id, userId,
  // createdAt and unknown keys are dropped by the schema, never applied.
  update: { params: byId, body: insertPetSchema.partial() },
  photo: { params: z.object({ id: idParam('Photo') }) },
};

export type PetInput = z.output<typeof petsSchemas.create.body>;
export type PetChanges = z.output<typeof petsSchemas.update.body>;
