import type { SightingConversationMessage } from '@shared/contracts/conversations';
import { reportPlace } from '@shared/contracts/finder-reports';
import { fromLastSeenInWords } from '@shared/contracts/sightings';
import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Reply } from 'lucide-react';
import { useRef, useState } from 'react';
import type { OwnerPet } from '@/api/pets';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LazyNumberedMap } from '@/components/map/lazy-maps';
import type { MapPoint } from '@/components/map/map-point';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useFragmentTarget } from '@/hooks/use-fragment-target';
import { cn } from '@/lib/cn';
import { showErrorToast } from '@/lib/error-toast';
import { type FinderReport, petReportsQuery } from '../api/get-pet-reports';
import { petSightingsQuery, type Sighting, useHideSighting, useReplyToSighting } from '../api/get-pet-sightings';
import { ReplyForm } from './reply-dialog';

// The search on one map: while a pet is missing, where it was seen (sightings) and where finders
// shared a position, numbered newest first on a map around the last-seen point, and beside it the
// same places in words. The map is never the only way: the list carries everything.

/** 'just now', '8 min ago', '3 h ago', 'yesterday', then the date. */
export function timeAgo(iso: string, now = Date.now()) {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'yesterday';
  return `on ${new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })}`;
}

type Entry =
  | { kind: 'sighting'; at: string; point: MapPoint | null; sighting: Sighting }
  | { kind: 'report'; at: string; point: MapPoint; report: FinderReport };

/**
 * Sightings (the server sends this absence's), and the finder reports of this absence with a
 * position, newest first: the section's count is of both.
 */
function entriesOf(sightings: Sighting[], reports: FinderReport[], missingSince: string | null): Entry[] {
  const entries: Entry[] = sightings.map((sighting) => ({
    kind: 'sighting',
    at: sighting.seenAt,
    point: sighting.lat !== null && sighting.lng !== null ? { lat: sighting.lat, lng: sighting.lng } : null,
    sighting,
  }));
  const since = missingSince ? Date.parse(missingSince) : Number.POSITIVE_INFINITY;
  for (const report of reports) {
    // A found pet an owner claimed is not a position shared at that time, and may not be this pet:
    // it is on Possible Matches and Finder Reports.
    if (Date.parse(report.createdAt) < since || report.claimedFoundPet) continue;
    const { position } = reportPlace(report);
    const point = position && { lat: Number(position.latitude), lng: Number(position.longitude) };
    if (point && Number.isFinite(point.lat) && Number.isFinite(point.lng))
      entries.push({ kind: 'report', at: report.createdAt, point, report });
  }
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

function Conversation({ messages }: { messages: SightingConversationMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ol className="grid gap-2 border-l-2 pl-3" aria-label="Conversation with the person who saw the pet">
      {messages.map((message) => (
        <li key={message.id} className="grid gap-0.5 text-sm">
          <p className="font-semibold">
            {message.author === 'finder' ? 'They wrote' : message.authorName}{' '}
            <span className="font-normal text-muted-foreground">· {timeAgo(message.createdAt)}</span>
          </p>
          <p className="whitespace-pre-line">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

// The sighter's phone or address stays with Homeward (DESIGN §7). Every sighter is given a
// conversation page when they send it; Homeward cannot text a phone, so a reply to anyone who left
// no e-mail address waits there.
const replyReaches = (sighting: Sighting) =>
  sighting.sighterHasEmail
    ? "They read your reply on their conversation page, and Homeward emails them its link. Neither of you sees the other's email address."
    : sighting.hasContact
      ? 'They left a phone number, which Homeward keeps private and cannot text: your reply waits on the conversation page they were given.'
      : 'They left no phone or email: your reply waits on the conversation page they were given, should they come back to it.';

function ReplyToSighting({ petId, sighting }: { petId: string; sighting: Sighting }) {
  const [open, setOpen] = useState(false);
  const reply = useReplyToSighting(petId, sighting.id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Reply aria-hidden="true" />
          Reply
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reply to the Person Who Saw Your Pet</DialogTitle>
          <DialogDescription>{replyReaches(sighting)}</DialogDescription>
        </DialogHeader>
        <ReplyForm
          reply={reply}
          sent="They can now read your reply on their conversation page."
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The one line that says when and where: 'Seen 8 min ago, 600 m north-east of the last-seen point: heading north'. */
function summary(entry: Entry, lastSeen: MapPoint | null) {
  const from = entry.point && lastSeen ? fromLastSeenInWords(lastSeen, entry.point) : null;
  if (entry.kind === 'report')
    return `A finder shared a position ${timeAgo(entry.at)}${from ? `, ${from.charAt(0).toLowerCase()}${from.slice(1)}` : ''}`;
  const { sighting } = entry;
  const where = from ? `, ${from.charAt(0).toLowerCase()}${from.slice(1)}` : '';
  return `Seen ${timeAgo(entry.at)}${where}${sighting.heading ? `: heading ${sighting.heading}` : ''}`;
}

function SightingDetails({
  petId,
  petName,
  sighting,
  onHidden,
}: {
  petId: string;
  petName: string;
  sighting: Sighting;
  onHidden: () => void;
}) {
  const hide = useHideSighting(petId);
  return (
    <>
      {sighting.location && <p className="text-sm">Where: {sighting.location}</p>}
      <p className="text-sm text-muted-foreground">
        <time dateTime={sighting.seenAt}>
          {new Date(sighting.seenAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </p>
      {sighting.note && <p className="whitespace-pre-line text-sm">{sighting.note}</p>}
      {sighting.photoUrl && (
        <a href={sighting.photoUrl} target="_blank" rel="noopener" className="w-fit">
          <img
            src={sighting.photoUrl}
            alt={`What the person who saw ${petName} took`}
            className="max-h-48 rounded-md border object-cover"
            loading="lazy"
          />
        </a>
      )}
      {!sighting.hasContact && <p className="text-sm text-muted-foreground">They left no phone or email.</p>}
      <Conversation messages={sighting.messages} />
      <div className="flex flex-wrap gap-2">
        <ReplyToSighting petId={petId} sighting={sighting} />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              <EyeOff aria-hidden="true" />
              Hide
            </Button>
          }
          title="Hide This Sighting?"
          description="Hide it if it is spam or a mistake: it leaves the map and the list for everyone who owns this pet."
          confirmLabel="Hide"
          pendingLabel="Hiding..."
          onConfirm={() =>
            hide
              .mutateAsync(sighting.id)
              .then(onHidden, (failure) =>
                showErrorToast({ error: failure, fallback: 'Failed to hide the sighting. Please try again.' }),
              )
          }
        />
      </div>
    </>
  );
}

/** The missing pet's 'Sightings': the map of the search and the timeline beside it. */
export function SightingsSection({ pet }: { pet: OwnerPet }) {
  const { data: sightings, isPending, isError } = useQuery(petSightingsQuery(pet.id));
  // The finder reports' own card reads them too (one request, cached): here only those with a position.
  const { data: reports = [] } = useQuery(petReportsQuery(pet.id));
  const target = useFragmentTarget(Boolean(sightings));
  const heading = useRef<HTMLHeadingElement>(null);
  const lastSeen =
    pet.lastSeenLat !== null && pet.lastSeenLng !== null ? { lat: pet.lastSeenLat, lng: pet.lastSeenLng } : null;
  const entries = sightings ? entriesOf(sightings, reports, pet.missingSince) : [];
  const numbered = entries.map((entry, index) => ({ entry, number: index + 1 }));
  const onMap = numbered.flatMap(({ entry, number }) => (entry.point ? [{ ...entry.point, number }] : []));

  return (
    <Card role="region" aria-labelledby="sightings-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="sightings-heading" ref={heading} tabIndex={-1} className="flex items-center gap-2 outline-none">
            Sightings
            {entries.length > 0 && <Badge variant="secondary">{entries.length}</Badge>}
          </h2>
        </CardTitle>
        <CardDescription>
          Where people saw {pet.name}, and where finders shared a position, newest first. The map shows where {pet.name}{' '}
          was seen, never who saw it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading sightings">
            <Skeleton className="h-40" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Sightings could not be loaded. Please reload the page.</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No sightings yet. Anyone who sees {pet.name} can tell you from {possessive(pet.name)} page, with 'I Saw This
            Pet'.
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {(onMap.length > 0 || lastSeen) && (
              <div className="grid content-start gap-2">
                <LazyNumberedMap
                  points={onMap}
                  anchor={lastSeen ?? undefined}
                  label={`Map of where ${pet.name} was seen, numbered as in the list`}
                />
                {lastSeen && <p className="text-xs text-muted-foreground">The pin is the last-seen point.</p>}
              </div>
            )}
            <ol className="grid content-start gap-3" aria-label="Sightings, newest first">
              {numbered.map(({ entry, number }) => {
                const id =
                  entry.kind === 'sighting' ? `sighting-${entry.sighting.id}` : `report-position-${entry.report.id}`;
                return (
                  <li
                    key={id}
                    id={id}
                    tabIndex={-1}
                    className={cn(
                      'grid gap-2 rounded-lg border p-3 outline-none',
                      target === id && 'bg-accent ring-2 ring-primary',
                    )}
                  >
                    <p className="flex items-start gap-2 font-medium">
                      <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground text-xs">
                        <span className="sr-only">Number </span>
                        {number}
                      </span>
                      <span>{summary(entry, lastSeen)}</span>
                    </p>
                    {entry.kind === 'sighting' ? (
                      <SightingDetails
                        petId={pet.id}
                        petName={pet.name}
                        sighting={entry.sighting}
                        onHidden={() => heading.current?.focus()}
                      />
                    ) : (
                      <a href={`#report-${entry.report.id}`} className="text-sm underline underline-offset-4">
                        Read the finder's report
                      </a>
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
