// What the landing page says above itself, and why: one list for the app's landing page, the
// server's (landing-prerender.tsx) and the server page's script (landing-main.ts).
import type { signInOutcome } from '@shared/contracts/sign-in';

export interface LandingNotice {
  title: string;
  description?: string;
}

/** The live region the notice is in, on the server's page and the app's alike. */
export const LANDING_NOTICE_ID = 'landing-notice';
/** A notice's line and its title, as React renders them and landing-main.ts writes one. */
export const NOTICE_CLASSES = {
  line: 'border-b bg-secondary px-4 py-3 text-center text-secondary-foreground',
  title: 'font-semibold',
};

/** A notice said once, on arrival: a sign-in that did not complete, or an account just deleted. */
export type OnceNotice = NonNullable<ReturnType<typeof signInOutcome>> | 'account-deleted';

const ONCE: Record<OnceNotice, LandingNotice> = {
  expired: { title: 'Sign-in expired', description: 'Please try again.' },
  'no-email': {
    title: 'Sign-in failed',
    description:
      'Your sign-in provider did not share a usable e-mail address, which Homeward needs to reach you. Allow it there, or sign in another way.',
  },
  'email-taken': {
    title: 'Sign-in failed',
    description:
      'This e-mail address already belongs to another Homeward account. Log in the way you did before. If it is yours and you now sign in another way, have your sign-in provider verify the address, then log in again.',
  },
  cancelled: { title: 'Sign-in cancelled', description: 'You are not signed in. Log in again whenever you are ready.' },
  // After Delete Account the browser signs out and lands here (lib/account-deleted.ts carries it across).
  'account-deleted': {
    title: 'Account Deleted',
    description: 'Your account has been deleted. Thank you for using Homeward.',
  },
};
export const ACCOUNT_DELETED = ONCE['account-deleted'];

/**
 * Shown when a signed-out visitor was sent here from a page that needs signing in (the address
 * stays that page's, and Log In comes back to it).
 */
function continueNotice(path: string): LandingNotice | undefined {
  if (path.startsWith('/checkout/')) return { title: 'Log in to continue to checkout' };
  // The lost-pets board, a page for everyone, links here.
  if (path === '/watch-areas')
    return { title: 'Log in to watch an area: you will be alerted when a pet goes missing there' };
  return undefined;
}

/** The notice for a visit to `path`: one said once on arrival, else where the visit leads. */
export const landingNotice = (path: string, once?: OnceNotice) => (once ? ONCE[once] : continueNotice(path));
