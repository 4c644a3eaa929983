import { z } from 'zod';
import { backupContactsSchema, brokenPetRules, PET_SEXES, publicPageSchema } from './pets';
import { isWholePoint, latitudeSchema, longitudeSchema, POINT_BOTH_OR_NEITHER } from './places';
import { long, optionalText, required, short } from './text-rules';

/** A pet's fields as a request may write them (the server keeps ids, times, codes and photo hashes). */
const petColumnsSchema = z.object({
  name: required(z.string()),
  species: required(z.string()),
  breed: optionalText(short),
  age: optionalText(short),
  weight: optionalText(short),
  color: optionalText(short),
  // Unknown is null: a word outside the list is refused, never stored as unknown.
  sex: z
    .enum(PET_SEXES, `Sex must be ${PET_SEXES.join(' or ')}, or null when unknown`)
    .nullable()
    .optional(),
  microchipId: optionalText(short),
  // Large enough for an 800px JPEG at quality 0.7; the server checks the bytes themselves.
  photoUrl: optionalText((s) => s.max(1_400_000, 'Photo is too large')),
  ownerName: required(z.string()),
  ownerPhone: required(z.string()),
  ownerEmail: optionalText(short),
  ownerAddress: optionalText(short),
  vetName: optionalText(short),
  vetPhone: optionalText(short),
  vetAddress: optionalText(short),
  medicalNotes: optionalText(long),
  specialNeeds: optionalText(long),
  isMissing: z.boolean().optional(),
  lastSeenLocation: optionalText(short),
  lastSeenDate: optionalText(short),
  // The last-seen point, both or neither (lastSeenPointWhole); null clears it.
  lastSeenLat: latitudeSchema.nullable().optional(),
  lastSeenLng: longitudeSchema.nullable().optional(),
  // The Public Page switch 'List on the lost-pets map'.
  listOnLostMap: z.boolean().optional(),
  // Optional like every column with a default: a pet created without them gets the spec's page.
  publicPage: publicPageSchema.optional(),
  backupContacts: backupContactsSchema.optional(),
});

const lastSeenPointWhole = (pet: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (!isWholePoint(pet, 'lastSeenLat', 'lastSeenLng'))
    ctx.addIssue({ code: 'custom', path: ['lastSeenLng'], message: POINT_BOTH_OR_NEITHER });
};

/** A whole pet, as the form sends it; `stored` is the pet it edits (see brokenPetRules). */
export const wholePetSchema = (stored?: Partial<Record<string, unknown>>) =>
  petColumnsSchema.superRefine((pet, ctx) => {
    for (const { field, message } of brokenPetRules(pet, stored))
      ctx.addIssue({ code: 'custom', path: [field], message });
    lastSeenPointWhole(pet, ctx);
  });

/** A new pet, as `POST /api/pets` takes it. */
export const insertPetSchema = wholePetSchema();

/** Any subset of a pet's fields; `brokenPetRules` checks the values it changes. */
export const petChangesSchema = petColumnsSchema.partial().superRefine(lastSeenPointWhole);

/** A new pet as a request carries it. */
export type InsertPet = z.output<typeof petColumnsSchema>;
