import type { AuthUser } from '../../shared/contracts/auth';
import type { Db } from '../db/connection';
import { unauthorized } from '../lib/errors';
import { presentAuthUser } from './users.presenter';
import { accountForSignIn, findUserById, type Identity } from './users.repository';

export function createUsersService({ db }: { db: Db }) {
  return {
    /** The account a sign-in belongs to, created or linked on first sign-in (see accountForSignIn). */
    signIn: (identity: Identity) => accountForSignIn(db, identity),

    /** A session whose account is gone is not signed in. */
    async current(id: string): Promise<AuthUser> {
      const user = await findUserById(db, id);
      if (!user) throw unauthorized();
      return presentAuthUser(user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
