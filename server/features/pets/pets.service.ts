import { brokenPetRules, type OwnerPet, type PetSummary, type PublicPet } from '../../../shared/contracts/pets';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../../shared/contracts/photos';
import type { PetPreview } from '../../../shared/contracts/previews';
import type { Db, Executor } from '../../db/connection';
import { badRequest, notFound } from '../../lib/errors';
import { type PhotoChange, parsePhotoInput } from './pets.photo';
import { presentOwnerPet, presentPetPreview, presentPetSummary, presentPublicPet } from './pets.presenter';
import {
  createPet,
  deletePet,
  findPetViewedBy,
  findPhoto,
  listAccessiblePets,
  type MissingPetPlaced,
  type PetColumns,
  type PetHomeSafe,
  type PhotoRow,
  type PhotoWrite,
  preparePublicPetQuery,
  replacePhotoBytes,
  updatePet,
} from './pets.repository';
import type { PetChanges, PetInput } from './pets.schemas';
import { encodePhoto } from './photo-encoder';

/**
 * The form sends '' for every field left empty: optional text is stored trimmed, and blank as
 * null, so "not set" has one representation and the profile's "shown when set" checks are simple.
 */
function normalizeText<T extends Record<string, unknown>>(input: T): T {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail in the database.
      if (value.includes('\u0000'))
        throw badRequest(`${key}: Must not contain NUL characters`, [
          { path: key, message: 'Must not contain NUL characters' },
        ]);
      const trimmed = value.trim();
      return [key, trimmed === '' ? null : trimmed];
    }),
  ) as T;
}

/** The pets columns and the pet_photos write that a photo change amounts to. */
function photoColumns(change: PhotoChange): { columns: PetColumns; photo: PhotoWrite } {
  switch (change.kind) {
    case 'unchanged':
      return { columns: {}, photo: undefined };
    case 'none':
      return { columns: { photoUrl: null, photoHash: null }, photo: null };
    case 'link':
      return { columns: { photoUrl: change.url, photoHash: null }, photo: null };
    case 'upload': {
      const { contentType, data, medium, thumbnail, hash } = change;
      return { columns: { photoUrl: null, photoHash: hash }, photo: { contentType, data, medium, thumbnail, hash } };
    }
  }
}

/**
 * The newer rules hold for the values a change sets, not for those it sends back as stored (see
 * PET_VALUE_RULES); the stored pet is read only when a value breaks one.
 */
async function refuseChangesBreakingRules(db: Db, id: string, userId: string, changes: PetChanges) {
  if (brokenPetRules(changes).length === 0) return;
  const stored = await findPetViewedBy(db, id, userId);
  const errors = brokenPetRules(changes, stored?.canEdit ? stored : undefined).map(({ field, message }) => ({
    path: field,
    message,
  }));
  if (errors.length > 0) throw badRequest(`${errors[0].path}: ${errors[0].message}`, errors);
}

type PetView = { owner: true; pet: OwnerPet } | { owner: false; pet: PublicPet };

/**
 * A photo stored before the server re-encoded uploads is re-encoded on its first request: from then
 * on it too is served without metadata, and in both widths. Bytes that do not decode are served as
 * they are.
 */
async function reencodeOlderPhoto(db: Db, petId: string, stored: PhotoRow): Promise<PhotoRow> {
  const encoded = await encodePhoto(stored.data);
  if (!encoded) return stored;
  const bytes = { contentType: 'image/jpeg', data: encoded.full, medium: encoded.medium, thumbnail: encoded.thumbnail };
  await replacePhotoBytes(db, petId, bytes);
  return { ...stored, ...bytes };
}

/**
 * Who hears that a pet became a missing pet with a last-seen point (reported missing, or its point
 * moved): `record` inside the change's own transaction, `committed` once it has committed.
 */
export interface MissingPetListener {
  record: MissingPetPlaced;
  committed(): void;
}

export function createPetsService({
  db,
  namedStatements,
  missingPetListeners = [],
  homeSafeListeners = [],
}: {
  db: Db;
  namedStatements: boolean;
  missingPetListeners?: MissingPetListener[];
  /** Who hears that a missing pet was marked safe, inside the change's own transaction. */
  homeSafeListeners?: PetHomeSafe[];
}) {
  const findPublicPet = preparePublicPetQuery(db, { named: namedStatements });
  const homeSafe: PetHomeSafe | undefined =
    homeSafeListeners.length > 0
      ? async (tx, petId) => {
          for (const listener of homeSafeListeners) await listener(tx, petId);
        }
      : undefined;
  /** The hooks of one change, which tell `committed` only when `placed` was called. */
  const listenOnce = () => {
    let recorded = false;
    return {
      placed:
        missingPetListeners.length > 0
          ? async (tx: Executor, petId: string) => {
              recorded = true;
              for (const listener of missingPetListeners) await listener.record(tx, petId);
            }
          : undefined,
      homeSafe,
      committed: () => {
        if (recorded) for (const listener of missingPetListeners) listener.committed();
      },
    };
  };
  return {
    async list(userId: string): Promise<PetSummary[]> {
      return (await listAccessiblePets(db, userId)).map(presentPetSummary);
    },

    /** Its owners see the whole pet; anyone else (signed out included) the public scan view. */
    async view(id: string, viewerId: string | undefined): Promise<PetView> {
      if (!viewerId) {
        const pet = await findPublicPet(id);
        if (!pet) throw notFound('Pet');
        return { owner: false, pet: presentPublicPet(pet) };
      }
      const found = await findPetViewedBy(db, id, viewerId);
      if (!found) throw notFound('Pet');
      const { canEdit, wasMember, ...pet } = found;
      if (canEdit) return { owner: true, pet: presentOwnerPet(pet) };
      return { owner: false, pet: { ...presentPublicPet(pet), ...(wasMember && { accessEnded: true }) } };
    },

    /** The public scan view, for the server-rendered scan page; undefined when there is no such pet. */
    async publicView(id: string): Promise<PublicPet | undefined> {
      const pet = await findPublicPet(id);
      return pet && presentPublicPet(pet);
    },

    /** The public scan view and the link preview of the same pet, from one read. */
    async publicPage(id: string): Promise<{ pet: PublicPet; preview: PetPreview } | undefined> {
      const pet = await findPublicPet(id);
      return pet && { pet: presentPublicPet(pet), preview: presentPetPreview(pet) };
    },

    /** What a link preview of the pet shows; undefined when there is no such pet. */
    async preview(id: string): Promise<PetPreview | undefined> {
      const pet = await findPublicPet(id);
      return pet && presentPetPreview(pet);
    },

    async create(userId: string, input: PetInput): Promise<OwnerPet> {
      const { photoUrl, ...fields } = input;
      const { columns, photo } = photoColumns(await parsePhotoInput(photoUrl));
      const listener = listenOnce();
      const pet = await createPet(db, userId, { ...normalizeText(fields), ...columns }, photo, listener);
      listener.committed();
      return presentOwnerPet(pet);
    },

    async update(userId: string, id: string, changes: PetChanges): Promise<OwnerPet> {
      await refuseChangesBreakingRules(db, id, userId, changes);
      const { photoUrl, ...fields } = changes;
      const { columns, photo } = photoColumns(await parsePhotoInput(photoUrl, id));
      const listener = listenOnce();
      const updated = await updatePet(db, id, userId, { ...normalizeText(fields), ...columns }, photo, listener);
      listener.committed();
      const found = updated ? await findPetViewedBy(db, id, userId) : undefined;
      if (!found) throw notFound('Pet');
      const { canEdit: _, wasMember: __, ...pet } = found;
      return presentOwnerPet(pet);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deletePet(db, id, userId))) throw notFound('Pet');
    },

    /** The photo's bytes in the width asked for: a smaller copy, or the photo itself. */
    async photo(petId: string, width: PhotoWidth) {
      const stored = await findPhoto(db, petId);
      if (!stored) throw notFound('Photo');
      const photo = stored.thumbnail && stored.medium ? stored : await reencodeOlderPhoto(db, petId, stored);
      const copies: Record<PhotoWidth, Buffer | null> = {
        [PHOTO_WIDTHS.thumbnail]: photo.thumbnail,
        [PHOTO_WIDTHS.medium]: photo.medium,
        [PHOTO_WIDTHS.full]: photo.data,
      };
      const data = copies[width] ?? photo.data;
      return { contentType: photo.contentType, etag: `${photo.hash}-${width}`, data };
    },
  };
}

export type PetsService = ReturnType<typeof createPetsService>;
