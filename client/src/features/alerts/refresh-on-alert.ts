import { ALERT_ARRIVED } from '@shared/contracts/push';
import type { QueryClient } from '@tanstack/react-query';

/**
 * An alert that arrives while the app is open (a finder's report, a sighting, a possible match, a
 * scan) brings its news onto the open page: the pets' data is read again. The app never polls, and
 * its data is never stale otherwise: without this an owner watching the profile saw nothing new
 * until they reloaded it.
 */
export function refreshOnAlert(queryClient: QueryClient) {
  const container = navigator.serviceWorker;
  // Absent where service workers are (an insecure origin, some private windows): no alerts either.
  if (!container) return;
  container.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === ALERT_ARRIVED) void queryClient.invalidateQueries({ queryKey: ['/api/pets'] });
  });
  container.startMessages();
}
