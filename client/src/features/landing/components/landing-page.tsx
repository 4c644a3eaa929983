import { signInOutcome } from '@shared/contracts/sign-in';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { takeAccountDeleted } from '@/lib/account-deleted';
import type { OnceNotice } from '../landing-notice';
import { LandingView } from './landing-view';

/**
 * The app's landing page: at / for a browser that holds a session cookie (the server renders it
 * for any other, see landing-prerender.tsx), and in place of every page that needs signing in,
 * which signing in returns to.
 */
export default function LandingPage() {
  const [path] = useLocation();
  const search = useSearch();
  // Said once, as the page opens: a reload or a bookmark of this address must not say it again.
  const [once] = useState<OnceNotice | undefined>(() =>
    takeAccountDeleted() ? 'account-deleted' : signInOutcome(search),
  );
  useEffect(() => {
    if (signInOutcome(window.location.search)) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  return <LandingView path={path} search={search} once={once} />;
}
