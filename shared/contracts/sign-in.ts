/** Where a sign-in that could not be completed lands: the landing page, which says so and offers to try again. */
export const SIGN_IN_EXPIRED_URL = '/?signin=expired';
/** Where a sign-in lands whose provider would not share an e-mail address: trying again cannot help. */
export const SIGN_IN_NO_EMAIL_URL = '/?signin=no-email';

/** Where a sign-in lands that the person cancelled at the provider: nothing went wrong. */
export const SIGN_IN_CANCELLED_URL = '/?signin=cancelled';

/** Where a sign-in lands whose address is another Homeward account's (one account per address). */
export const SIGN_IN_EMAIL_TAKEN_URL = '/?signin=email-taken';

const OUTCOMES = ['expired', 'no-email', 'cancelled', 'email-taken'] as const;

/** What the landing page tells a person sent back from a sign-in that did not complete. */
export const signInOutcome = (search: string) => {
  const outcome = new URLSearchParams(search).get('signin');
  return OUTCOMES.find((known) => known === outcome);
};

/** The query parameter of /api/login naming the page to come back to after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

const MAX_RETURN_TO = 2000;
const BASE = 'https://return-to.invalid';

/**
 * The page a sign-in may return to: a path on this site, or nothing. Only a single leading '/' is
 * accepted: '//host' and '/\host' are addresses of other sites to a browser, and a tab or newline
 * (which browsers drop) or a backslash anywhere could turn a path into one. The answer is the path
 * as a browser resolves it, so what is checked is what is followed.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!value.startsWith('/') || value[1] === '/' || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/api/') || path.startsWith('/oidc') ? undefined : path;
}

/** The sign-in address that comes back to `path` afterwards (the landing page: plain sign-in). */
export const loginUrl = (path?: string) => {
  const returnTo = path && path !== '/' ? safeReturnPath(path) : undefined;
  return returnTo ? `/api/login?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}` : '/api/login';
};
