import { PHOTO_WIDTHS } from '../../../shared/contracts/photos';
import type { LostPet } from '../../../shared/contracts/places';
import { photoLink } from '../pets/pets.photo';
import type { LostPetRow } from './lost-pets.repository';

/** A board entry: what a stranger may know, the place as its grid cell, the photo as a thumbnail. */
export function presentLostPet(row: LostPetRow): LostPet {
  return {
    id: row.id,
    name: row.name,
    species: row.species,
    breed: row.breed,
    // A tenth of a km: the cell is some 280 m wide, more digits would promise what it cannot keep.
    distanceKm: Math.round(row.distanceKm * 10) / 10,
    lat: row.cellLat,
    lng: row.cellLng,
    lastSeenDate: row.lastSeenDate,
    photoUrl: row.photoHash
      ? `${photoLink(row.id, row.photoHash)}&size=${PHOTO_WIDTHS.thumbnail}`
      : (row.photoUrl ?? null),
  };
}
