import { eq, sql } from 'drizzle-orm';
import { users } from '../../shared/schema';
import type { Db } from '../db/connection';

export interface Identity {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/** Creates the user on first sign-in and refreshes their profile on every later one. */
export async function upsertUserByEmail(db: Db, identity: Identity) {
  const values = {
    email: identity.email.toLowerCase(),
    firstName: identity.firstName ?? null,
    lastName: identity.lastName ?? null,
    profileImageUrl: identity.profileImageUrl ?? null,
  };
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.email, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return user;
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
