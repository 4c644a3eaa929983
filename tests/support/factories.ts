import crypto from 'node:crypto';
import type { Db } from '../../server/db/connection';
import { type InsertPet, pets } from '../../shared/schema';
import type { Session } from './session';

export const buildPet = (overrides: Partial<InsertPet> = {}): InsertPet => ({
  name: `Biscuit ${crypto.randomBytes(3).toString('hex')}`,
  species: 'dog',
  breed: 'Beagle',
  age: '3 years',
  weight: '25 lbs',
  color: 'Tricolor',
  microchipId: '985112003456789',
  ownerName: 'Alex Tester',
  ownerPhone: '555-0100',
  ownerEmail: 'alex@example.com',
  ownerAddress: '1 Main St',
  vetName: 'Happy Paws Clinic',
  vetPhone: '555-0199',
  vetAddress: '2 Vet Rd',
  medicalNotes: 'Allergic to chicken',
  specialNeeds: 'Shy with strangers',
  isMissing: false,
  ...overrides,
});

/** The signed-in user's id, as the server knows it. */
export const userIdOf = async (session: Session) => (await session.get('/api/auth/user')).body.id as string;

/** Inserts a pet straight into the database, for tests whose subject is not pet creation. */
export async function insertPet(db: Db, userId: string, overrides: Partial<InsertPet> = {}) {
  const [pet] = await db
    .insert(pets)
    .values({ ...buildPet(overrides), userId })
    .returning();
  return pet;
}
