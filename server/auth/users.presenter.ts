import type { AuthUser } from '../../shared/contracts/auth';
import type { User } from '../../shared/schema';

/** Whitelists what the app learns of its user: no provider subject, no calendar secret. */
export const presentAuthUser = (user: User): AuthUser => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});
