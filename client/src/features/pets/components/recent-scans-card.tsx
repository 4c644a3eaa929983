import { mapLink } from '@shared/contracts/finder-reports';
import { RECENT_SCANS_SHOWN } from '@shared/contracts/scan-visits';
import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, ScanLine } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFragmentTarget } from '@/hooks/use-fragment-target';
import { cn } from '@/lib/cn';
import { petScansQuery, type ScanVisit } from '../api/get-pet-scans';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Visit({ visit }: { visit: ScanVisit }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
      <span className="flex items-center gap-2">
        <ScanLine className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <time dateTime={visit.createdAt}>{formatWhen(visit.createdAt)}</time>
      </span>
      {visit.latitude && visit.longitude ? (
        <a
          href={mapLink(visit.latitude, visit.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-accent-foreground underline-offset-4 hover:underline"
        >
          Near {visit.latitude}, {visit.longitude}
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <span className="text-muted-foreground">No position shared</span>
      )}
    </li>
  );
}

/** Who opened the pet's scan page lately (anyone but its owners); a scan alert links here. */
export function RecentScansCard({ petId, petName }: { petId: string; petName: string }) {
  const { data: visits, isPending, isError } = useQuery(petScansQuery(petId));
  const targeted = useFragmentTarget(Boolean(visits)) === 'recent-scans';

  return (
    <Card
      id="recent-scans"
      tabIndex={-1}
      role="region"
      aria-labelledby="recent-scans-heading"
      className={cn('outline-none', targeted && 'ring-2 ring-primary')}
    >
      <CardHeader>
        <CardTitle asChild>
          <h2 id="recent-scans-heading">Recent Scans</h2>
        </CardTitle>
        <CardDescription>
          The last {RECENT_SCANS_SHOWN} times someone opened {possessive(petName)} page from the tag or a poster. A
          position shows, roughly, only when that person shared theirs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div role="status" aria-label="Loading recent scans">
            <Skeleton className="h-16" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Recent scans could not be loaded. Please reload the page.</p>
        ) : visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one has scanned {possessive(petName)} tag yet.</p>
        ) : (
          <ol className="divide-y">
            {visits.map((visit) => (
              <Visit key={visit.id} visit={visit} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
