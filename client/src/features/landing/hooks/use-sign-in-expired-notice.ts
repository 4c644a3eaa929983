import { isSignInExpired } from '@shared/contracts/sign-in';
import { useEffect } from 'react';
import { toast } from '@/hooks/use-toast';

/** A sign-in that could not be completed sends the browser back here; say so, once. */
export function useSignInExpiredNotice() {
  useEffect(() => {
    if (!isSignInExpired(window.location.search)) return;
    toast({ title: 'Sign-in expired', description: 'Please try again.' });
    // Once: a reload or a bookmark of this address must not say it again.
    window.history.replaceState(null, '', window.location.pathname);
  }, []);
}
