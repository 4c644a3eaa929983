/** Where a sign-in that could not be completed lands: the landing page, which says so and offers to try again. */
export const SIGN_IN_EXPIRED_URL = '/?signin=expired';

export const isSignInExpired = (search: string) => new URLSearchParams(search).get('signin') === 'expired';

/**
 * Where the browser returns after signing in, given as `/api/login?returnTo=`: a path on this site
 * only (never `//host` or `/\host`, which browsers read as another site), or nothing.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value)) return undefined;
  return value;
}

/** The sign-in address that comes back to `path` afterwards. */
export const signInReturningTo = (path: string) => `/api/login?returnTo=${encodeURIComponent(path)}`;
