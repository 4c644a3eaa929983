/** GET /api/auth/user: the signed-in person, as the identity provider last described them. */
export interface AuthUser {
  id: string;
  email: string;
  /** Whether the identity provider vouched for `email`: Homeward e-mails only an address it did. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}
