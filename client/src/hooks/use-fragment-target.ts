import { useEffect, useState } from 'react';

const fragment = () => {
  try {
    return decodeURIComponent(window.location.hash.slice(1)) || undefined;
  } catch {
    return undefined;
  }
};

/**
 * The id the address's fragment names (`#report-…`, where an alert leads), brought into view and
 * given focus once `ready` (its data loaded): the browser's own jump happened before it existed.
 */
export function useFragmentTarget(ready: boolean) {
  const [target, setTarget] = useState(fragment);

  useEffect(() => {
    const onHashChange = () => setTarget(fragment());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(() => {
    if (!ready || !target) return;
    const element = document.getElementById(target);
    if (!element) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    element.focus({ preventScroll: true });
  }, [ready, target]);

  return target;
}
