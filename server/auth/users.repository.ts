import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../shared/schema';
import type { Db } from '../db/connection';

/** Who the identity provider says signed in. */
export interface Identity {
  issuer: string;
  subject: string;
  email: string;
  /** Only a verified address may link this sign-in to an account made before subjects were kept. */
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/**
 * The account of a sign-in. An account is its provider's issuer and subject: a known subject gets
 * its own account back with a fresh name and picture, whatever address it now presents. A new
 * subject is linked to an existing account by e-mail only when the provider vouches for the address
 * and that account has no subject yet; otherwise it gets a new, empty account.
 */
export async function accountForSignIn(db: Db, identity: Identity) {
  const profile = {
    // As the provider says at each sign-in: an address it comes to vouch for is e-mailed from then on.
    emailVerified: identity.emailVerified,
    firstName: identity.firstName ?? null,
    lastName: identity.lastName ?? null,
    profileImageUrl: identity.profileImageUrl ?? null,
    updatedAt: sql`now()`,
  };
  const bySubject = and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject));
  return db.transaction(async (tx) => {
    const [known] = await tx.update(users).set(profile).where(bySubject).returning();
    if (known) return known;
    if (identity.emailVerified) {
      const [unlinked] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, identity.email.toLowerCase()), isNull(users.oidcSubject)))
        .limit(1)
        .for('update');
      if (unlinked) {
        const [linked] = await tx
          .update(users)
          .set({ ...profile, oidcIssuer: identity.issuer, oidcSubject: identity.subject })
          .where(eq(users.id, unlinked.id))
          .returning();
        return linked;
      }
    }
    // Two first sign-ins of one subject at once: the second finds the first's row.
    const [created] = await tx
      .insert(users)
      .values({
        ...profile,
        email: identity.email.toLowerCase(),
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
      })
      .onConflictDoUpdate({ target: [users.oidcIssuer, users.oidcSubject], set: profile })
      .returning();
    return created;
  });
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
