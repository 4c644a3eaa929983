import { z } from 'zod';
import { insertPetSchema, petChangesSchema } from '../../../shared/contracts/pet-schema';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../../shared/contracts/photos';
import { idParam } from '../../lib/validate';

const byId = z.object({ id: idParam('Pet') });

// `size` picks a smaller copy (lists, phones) or the photo itself (the default).
const { thumbnail, medium, full } = PHOTO_WIDTHS;
const photoSize = z.object({
  size: z
    .enum([String(thumbnail), String(medium), String(full)], `size must be ${thumbnail}, ${medium} or ${full}`)
    .default(String(PHOTO_WIDTHS.full))
    .transform((size) => Number(size) as PhotoWidth),
});

// `view=public` asks for what a stranger sees, whoever asks: the owner previews their scan page.
const petView = z.object({ view: z.literal('public', 'view must be public').optional() });

/** What each pets route accepts. */
export const petsSchemas = {
  create: { body: insertPetSchema },
  byId: { params: byId },
  read: { params: byId, query: petView },
  // Any subset of the fields, and also the whole pet as the profile's toggle sends it: id, userId,
  // createdAt and unknown keys are dropped by the schema, never applied. The service checks the
  // rules an older pet may break on the values that change.
  update: { params: byId, body: petChangesSchema },
  photo: { params: z.object({ id: idParam('Photo') }), query: photoSize },
};

export type PetInput = z.output<typeof petsSchemas.create.body>;
export type PetChanges = z.output<typeof petsSchemas.update.body>;
