import { and, eq, sql } from 'drizzle-orm';
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

/** A new subject presents an address that is another account's, which it may not take over. */
export class EmailTaken extends Error {}

/**
 * The account of a sign-in. An account is its provider's issuer and subject: a known subject gets
 * its own account back with a fresh name and picture, whatever address it now presents. An address
 * is one account's (the spec's `email (unique)`), so a new subject presenting one that an account
 * holds:
 * - takes that account over when the provider vouches for the address and the account was made
 *   before subjects were kept or through another provider (one this server no longer uses, as an
 *   account's issuer is always the configured one's): moving provider keeps everyone's pets;
 * - takes the address alone from an account whose provider never vouched for it (anyone can type
 *   someone else's address into a provider that does not check: that must not lock its owner out);
 * - is refused otherwise (`EmailTaken`): it would be a second account at one address, or someone
 *   else's account reached by an address nobody vouched for.
 */
export async function accountForSignIn(db: Db, identity: Identity) {
  const email = identity.email.toLowerCase();
  const profile = {
    firstName: identity.firstName ?? null,
    lastName: identity.lastName ?? null,
    profileImageUrl: identity.profileImageUrl ?? null,
    updatedAt: sql`now()`,
  };
  // Whether the account's address is vouched for follows the provider at each sign-in that presents
  // that address (one it comes to vouch for is e-mailed from then on); what the provider says of
  // another address says nothing of this one.
  const signedIn = {
    ...profile,
    emailVerified: sql<boolean>`case when ${users.email} = ${email} then ${identity.emailVerified} else ${users.emailVerified} end`,
  };
  const bySubject = and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject));
  return db.transaction(async (tx) => {
    // First sign-ins presenting one address are decided one at a time, so that two cannot both
    // find it free; a subject's first sign-ins twice at once likewise (the second finds the first's row).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`users.email:${email}`}))`);
    const [known] = await tx.update(users).set(signedIn).where(bySubject).returning();
    if (known) return known;
    const [holder] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
    if (holder && identity.emailVerified && holder.oidcIssuer !== identity.issuer) {
      const [moved] = await tx
        .update(users)
        .set({ ...signedIn, oidcIssuer: identity.issuer, oidcSubject: identity.subject })
        .where(eq(users.id, holder.id))
        .returning();
      return moved;
    }
    if (holder && identity.emailVerified && !holder.emailVerified)
      await tx.update(users).set({ email: '', updatedAt: sql`now()` }).where(eq(users.id, holder.id));
    else if (holder) throw new EmailTaken('The address is another account’s');
    const [created] = await tx
      .insert(users)
      .values({
        ...profile,
        email,
        emailVerified: identity.emailVerified,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
      })
      // The same subject's first sign-ins at once under two addresses (the lock is the address's).
      .onConflictDoUpdate({ target: [users.oidcIssuer, users.oidcSubject], set: signedIn })
      .returning();
    return created;
  });
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
