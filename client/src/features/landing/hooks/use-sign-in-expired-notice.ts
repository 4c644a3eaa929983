import { signInOutcome } from '@shared/contracts/sign-in';
import { useEffect } from 'react';
import { toast } from '@/hooks/use-toast';

const NOTICES = {
  expired: { title: 'Sign-in expired', description: 'Please try again.' },
  'no-email': {
    title: 'Sign-in failed',
    description:
      'Your sign-in provider did not share an e-mail address, which Homeward needs to reach you. Allow it there, or sign in another way.',
  },
  cancelled: { title: 'Sign-in cancelled', description: 'You are not signed in. Log in again whenever you are ready.' },
};

/** A sign-in that could not be completed sends the browser back here; say why, once. */
export function useSignInExpiredNotice() {
  useEffect(() => {
    const outcome = signInOutcome(window.location.search);
    if (!outcome) return;
    toast(NOTICES[outcome]);
    // Once: a reload or a bookmark of this address must not say it again.
    window.history.replaceState(null, '', window.location.pathname);
  }, []);
}
