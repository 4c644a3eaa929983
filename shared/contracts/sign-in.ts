/** Where a sign-in that could not be completed lands: the landing page, which says so and offers to try again. */
export const SIGN_IN_EXPIRED_URL = '/?signin=expired';

export const isSignInExpired = (search: string) => new URLSearchParams(search).get('signin') === 'expired';
