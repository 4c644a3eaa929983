import crypto from 'node:crypto';
import { openSignedInSession } from '../../server/auth/sessions';
import type { Db, Executor } from '../../server/db/connection';
import type { InsertPet } from '../../shared/contracts/pet-schema';
import { orders, pets, tagProducts, type User, users } from '../../shared/schema';
import { buildPerson, type Person, Session } from './session';

// Rows a test needs, written straight to the database: a test whose subject is not signing in or
// creating a pet does not pay for the real flow.

/** An account as a first sign-in through the identity provider would create it. */
export async function insertOwner(db: Db, overrides: Partial<Person> = {}): Promise<User> {
  const person = { ...buildPerson(), ...overrides };
  const [user] = await db
    .insert(users)
    .values({ ...person, oidcIssuer: 'https://identity.test', oidcSubject: crypto.randomUUID() })
    .returning();
  return user;
}

/** A session signed in as `userId`, made by the app's own session code; answers its cookie. */
export function insertSession(db: Db, userId: string, sessionSecret: string) {
  return openSignedInSession({ sessionSecret, secureCookies: false }, db.$client, { id: userId });
}

/** A browser-like client signed in as `user`, without going through the identity provider. */
export async function sessionFor(
  app: { url: string; database: { db: Db }; config: { sessionSecret: string } },
  user: User,
) {
  const cookie = await insertSession(app.database.db, user.id, app.config.sessionSecret);
  const session = new Session(app.url);
  session.setCookie(cookie.name, cookie.value);
  const person: Person = { email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  return Object.assign(session, { user, person });
}

export type OwnerSession = Awaited<ReturnType<typeof sessionFor>>;

/** A new owner, signed in. */
export async function signedInOwner(app: Parameters<typeof sessionFor>[0], overrides: Partial<Person> = {}) {
  return sessionFor(app, await insertOwner(app.database.db, overrides));
}

/** A pet with every detail a finder is shown by default: all but the owner's address and the vet. */
export const buildPublicPet = (overrides: Partial<InsertPet> = {}): InsertPet => ({
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
  medicalNotes: 'Allergic to chicken',
  specialNeeds: 'Shy with strangers',
  isMissing: false,
  ...overrides,
});

export const buildPet = (overrides: Partial<InsertPet> = {}): InsertPet =>
  buildPublicPet({
    ownerAddress: '1 Main St',
    vetName: 'Happy Paws Clinic',
    vetPhone: '555-0199',
    vetAddress: '2 Vet Rd',
    ...overrides,
  });

/** The signed-in user's id, as the server knows it. */
export const userIdOf = async (session: Session) => (await session.get('/api/auth/user')).body.id as string;

/** A pet row; `photoHash` stands for an uploaded photo (its link), without the bytes. */
export async function insertPet(
  db: Executor,
  userId: string,
  overrides: Partial<InsertPet> & { photoHash?: string } = {},
) {
  const values = buildPet(overrides);
  // A missing pet's absence began when it was stored, as the app would have it.
  const [pet] = await db
    .insert(pets)
    .values({ missingSince: values.isMissing ? new Date() : null, ...values, userId })
    .returning();
  return pet;
}

/**
 * A finder's report as the Share Location dialog sends it when only the place is filled in; a test of
 * bad input overrides a field with what the dialog never sends (a number, undefined, an unknown key).
 */
export const buildFinderReport = <T extends Record<string, unknown>>(petId: string, overrides: T = {} as T) => ({
  petId,
  finderName: '',
  finderLocation: 'Riverside park',
  finderLatitude: '',
  finderLongitude: '',
  message: '',
  ...overrides,
});

/** A filled-in checkout form, without the pet. */
export const buildCheckoutDetails = (overrides: Record<string, unknown> = {}) => ({
  tagColor: 'gold',
  customText: 'If found, call me',
  shippingName: 'Jordan Lee',
  shippingAddress: '12 Elm Street',
  shippingCity: 'Springfield',
  shippingState: 'IL',
  shippingZip: '62701',
  shippingPhone: '(555) 010-0199',
  ...overrides,
});

/** An order as a paid checkout leaves it: pending, for a pet of the buyer's, from the catalogue. */
export async function insertPaidOrder(db: Db, userId: string, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const [product] = await db.select().from(tagProducts).limit(1);
  const pet = await insertPet(db, userId);
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      petId: pet.id,
      productId: product.id,
      ...buildCheckoutDetails(),
      quantity: 1,
      totalPrice: product.price,
      paymentIntentId: `pi_test_${crypto.randomBytes(8).toString('hex')}`,
      cardLastFour: '4242',
      status: 'pending',
      estimatedDelivery: '2030-01-06',
      ...overrides,
    })
    .returning();
  return { order, pet, product };
}
