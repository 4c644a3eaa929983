import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { watchAlertsQuery } from '../api/get-watch-alerts';

/**
 * 'Alert sent to 12 neighbours within 5 km': the people who watch the area where a missing pet was
 * last seen, counted, never named. Nothing is shown before the first alert.
 */
export function WatchAlertsSent({ petId }: { petId: string }) {
  const { data } = useQuery(watchAlertsQuery(petId));
  if (!data || data.neighbours === 0 || data.withinKm === null) return null;
  return (
    <p className="flex items-center gap-2 rounded-md border bg-card px-4 py-3 text-sm" role="status">
      <Eye className="size-4 shrink-0 text-primary" aria-hidden="true" />
      Alert sent to {data.neighbours} {data.neighbours === 1 ? 'neighbour' : 'neighbours'} within {data.withinKm} km
    </p>
  );
}
