import { lazy, Suspense } from 'react';
import { useToast } from '@/hooks/use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the toast UI when the first toast is raised: most visits (a finder reading the scan
 * page) never see one, so its code stays out of the first download.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
