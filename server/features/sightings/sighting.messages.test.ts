import { describe, expect, it } from 'vitest';
import type { PetOwner } from '../pets/pet-access';
import { sightingEmail } from './sighting.email';
import { sightingPush } from './sighting.push';
import type { PetForSighting, SightingRow } from './sightings.repository';

const pet = {
  id: '5d0b7a4e-8c1f-4a57-9f43-0d1e2a3b4c5d',
  name: 'Max',
  isMissing: true,
  lastSeenLat: 45.52,
  lastSeenLng: -122.68,
  owners: [],
} as PetForSighting;
const owner = { userId: 'u1', email: 'owner@example.org' } as PetOwner;
const sighting = (overrides: Partial<SightingRow>) =>
  ({
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    petId: pet.id,
    lat: null,
    lng: null,
    location: null,
    seenAt: new Date('2026-05-04T10:00:00Z'),
    heading: null,
    note: null,
    photo: null,
    contact: null,
    ...overrides,
  }) as SightingRow;
// 600 m north-east of the pet's last-seen point.
const northEast = { lat: 45.52382, lng: -122.67455 };

describe("the owners' e-mail and alert of a sighting", () => {
  it('when the sighter tapped the map, then the subject says how far and which way, not near a distance, and the body says it once', () => {
    const mail = sightingEmail(pet, owner, sighting(northEast), 'https://homeward.example');
    expect(mail.subject).toBe('Max was seen 600 m north-east of the last-seen point');
    expect(mail.body).toContain('Position: 600 m north-east of the last-seen point\n');
    expect(mail.body.match(/last-seen point/g)).toHaveLength(1);
    expect(sightingPush(pet, sighting({ ...northEast, heading: 'north' })).body).toBe(
      '600 m north-east of the last-seen point, heading north',
    );
  });

  it('when the point is the last-seen point, then the pet was seen at it', () => {
    const atIt = sighting({ lat: 45.52, lng: -122.68005 });
    expect(sightingEmail(pet, owner, atIt, '').subject).toBe('Max was seen at the last-seen point');
    expect(sightingPush(pet, atIt).body).toBe('At the last-seen point');
  });

  it('when the pet has no last-seen point, then it was seen at a point on the map', () => {
    const noLastSeen = { ...pet, lastSeenLat: null, lastSeenLng: null };
    expect(sightingEmail(noLastSeen, owner, sighting(northEast), '').subject).toBe(
      'Max was seen at a point on the map',
    );
    expect(sightingPush(noLastSeen, sighting(northEast)).body).toBe('At a point on the map');
  });

  it("when the sighter's words go on as an English sentence about a place does, then the subject runs into them, said once", () => {
    expect(sightingEmail(pet, owner, sighting({ location: 'By the old bakery' }), '').subject).toBe(
      'Max was seen by the old bakery',
    );
    expect(sightingEmail(pet, owner, sighting({ location: 'Outside the Co-op on High St' }), '').subject).toBe(
      'Max was seen outside the Co-op on High St',
    );
    expect(sightingEmail(pet, owner, sighting({ location: 'in the churchyard' }), '').subject).toBe(
      'Max was seen in the churchyard',
    );
    expect(sightingEmail(pet, owner, sighting({ location: 'Near the fountain' }), '').subject).toBe(
      'Max was seen near the fountain',
    );
  });

  it("when the sighter's words are anything else, then the subject quotes them after a colon, never 'near' before a verb or another language", () => {
    expect(
      sightingEmail(pet, owner, sighting({ location: 'Running past the bakery on Strand', ...northEast }), '').subject,
    ).toBe('Max was seen: Running past the bakery on Strand');
    expect(sightingEmail(pet, owner, sighting({ location: 'Maple Park' }), '').subject).toBe(
      'Max was seen: Maple Park',
    );
    expect(sightingEmail(pet, owner, sighting({ location: 'Cerca de la fuente' }), '').subject).toBe(
      'Max was seen: Cerca de la fuente',
    );
    expect(sightingEmail(pet, owner, sighting({ location: '喷泉附近' }), '').subject).toBe('Max was seen: 喷泉附近');
    expect(sightingPush(pet, sighting({ location: 'Running past the bakery on Strand', heading: 'west' })).body).toBe(
      'Running past the bakery on Strand, heading west',
    );
    expect(sightingPush(pet, sighting({ location: 'outside the Co-op' })).body).toBe('Outside the Co-op');
  });
});
