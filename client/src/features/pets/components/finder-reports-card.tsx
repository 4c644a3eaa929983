import { closedByFinderMessage } from '@shared/contracts/conversations';
import { foundPetNoun, positionInWords, reportPlace } from '@shared/contracts/finder-reports';
import { foundPetPath } from '@shared/contracts/found-pet-path';
import { telHref } from '@shared/contracts/phone';
import { possessive } from '@shared/possessive';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, MapPin, MessageSquare, MessageSquareOff, Phone, User } from 'lucide-react';
import { useEffect } from 'react';
import { petQuery, petsQuery } from '@/api/pets';
import { LazyPointMap } from '@/components/map/lazy-maps';
import { ReportPlace } from '@/components/report-place';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFragmentTarget } from '@/hooks/use-fragment-target';
import { cn } from '@/lib/cn';
import { type OwnerConversationMessage, petMessagesQuery } from '../api/get-pet-messages';
import { type FinderReport, petReportsQuery } from '../api/get-pet-reports';
import { ReplyDialog } from './reply-dialog';
import { ThankFindersButton } from './thank-finders-button';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The messages under a report. A claim's conversation opens with what Homeward told the finder (no
 * owner typed it), at the time the claim filed the report: the English of the finder's key
 * `conversation.claimed`, written out because the owner's app is English (decision 0008) and the
 * translations would weigh 8 KB on this page for one sentence.
 */
function Conversation({
  messages,
  claimedAt,
  petName,
}: {
  messages: OwnerConversationMessage[];
  claimedAt: string | null;
  petName: string;
}) {
  if (messages.length === 0 && !claimedAt) return null;
  return (
    <ol className="grid gap-2 border-l-2 pl-3" aria-label="Conversation with the finder">
      {claimedAt && (
        <li className="grid gap-0.5 text-sm">
          <p className="font-semibold">
            Homeward{' '}
            <span className="font-normal text-muted-foreground">
              · <time dateTime={claimedAt}>{formatWhen(claimedAt)}</time>
            </span>
          </p>
          <p className="text-muted-foreground italic">
            Told the finder: “{possessive(petName)} owner says this is their pet.”
          </p>
        </li>
      )}
      {messages.map((message) => (
        <li key={message.id} className="grid gap-0.5 text-sm">
          <p className="font-semibold">
            {message.author === 'finder' ? 'Finder' : message.authorName}{' '}
            <span className="font-normal text-muted-foreground">
              · <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
            </span>
          </p>
          <p className="whitespace-pre-line">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** The finder's shared position on a small map, beside its link for a maps app. */
function ReportedPosition({ report }: { report: FinderReport }) {
  const { position } = reportPlace(report);
  const point = position && { lat: Number(position.latitude), lng: Number(position.longitude) };
  if (!point || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  return <LazyPointMap point={point} label="Map of the position the finder shared" />;
}

/**
 * Where the found pet an owner claimed was found, as its finder's report says (in words, or its
 * area: the report holds only its grid cell), and its public page: never as a shared GPS position.
 */
function ClaimedFoundPetPlace({
  report,
  foundPet,
}: {
  report: FinderReport;
  foundPet: NonNullable<FinderReport['claimedFoundPet']>;
}) {
  const { place, position } = reportPlace(report);
  const area = position && `within about 250 m of ${positionInWords(position.latitude, position.longitude)}`;
  return (
    <>
      <p className="flex items-start gap-2 font-medium">
        <MapPin className="mt-0.5 size-4 shrink-0 text-accent-foreground" aria-hidden="true" />
        <span>Found report: {place ?? area}</span>
      </p>
      <a
        href={foundPetPath(foundPet.id)}
        className="ml-6 inline-flex w-fit items-center gap-1 text-sm font-medium text-accent-foreground underline-offset-4 hover:underline"
      >
        See the found {foundPetNoun(foundPet.species)}
      </a>
    </>
  );
}

/** A report a push alert links to (`#report-{id}`) is highlighted. */
function Report({
  report,
  petName,
  messages,
  highlighted,
}: {
  report: FinderReport;
  petName: string;
  messages: OwnerConversationMessage[];
  highlighted: boolean;
}) {
  return (
    <li
      id={`report-${report.id}`}
      tabIndex={-1}
      className={cn('grid gap-2 rounded-lg border p-4 outline-none', highlighted && 'bg-accent ring-2 ring-primary')}
    >
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
      </p>
      {report.claimedFoundPet ? (
        <ClaimedFoundPetPlace report={report} foundPet={report.claimedFoundPet} />
      ) : (
        <>
          <ReportPlace report={report} />
          <ReportedPosition report={report} />
        </>
      )}
      <p className="flex items-center gap-2 text-sm">
        <User className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {report.finderName || 'Anonymous finder'}
      </p>
      {report.finderPhone && (
        <a
          href={telHref(report.finderPhone)}
          className="inline-flex w-fit items-center gap-2 text-sm font-medium text-accent-foreground underline-offset-4 hover:underline"
        >
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          Call the finder: {report.finderPhone}
        </a>
      )}
      {report.message && (
        <p className="flex items-start gap-2 text-sm">
          <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="whitespace-pre-line">{report.message}</span>
        </p>
      )}
      <Conversation
        messages={messages}
        claimedAt={report.claimedFoundPet ? report.createdAt : null}
        petName={petName}
      />
      {report.closedByFinder ? (
        <p className="flex items-start gap-2 rounded-md border bg-muted p-3 text-sm" role="note">
          <MessageSquareOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {closedByFinderMessage(petName)}
        </p>
      ) : (
        <ReplyDialog petId={report.petId} reportId={report.id} finderHasEmail={report.finderHasEmail} />
      )}
    </li>
  );
}

// A finder our messages cannot reach (no contact left, or a conversation they closed) cannot be thanked.
const awaitsThanks = (report: FinderReport) => !report.thanked && report.finderReachable;

/**
 * Where finders have seen this pet, newest first; opening the profile counts them as read. While the
 * pet is home safe, finders not thanked yet can be thanked in one tap.
 */
export function FinderReportsCard({ petId, petName, homeSafe }: { petId: string; petName: string; homeSafe: boolean }) {
  const queryClient = useQueryClient();
  const { data: reports, isPending, isError } = useQuery(petReportsQuery(petId));
  const target = useFragmentTarget(Boolean(reports));
  // Shown under each report; a failure here leaves the reports readable.
  const { data: messages = [] } = useQuery(petMessagesQuery(petId));

  // Reading the reports cleared their "new" count on the server: refresh what shows that count.
  useEffect(() => {
    if (!reports) return;
    void queryClient.invalidateQueries({ queryKey: petsQuery().queryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: petQuery(petId).queryKey, exact: true });
  }, [reports, petId, queryClient]);

  return (
    <Card role="region" aria-labelledby="finder-reports-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="finder-reports-heading" className="flex items-center gap-2">
            Finder Reports
            {reports && reports.length > 0 && <Badge variant="secondary">{reports.length}</Badge>}
          </h2>
        </CardTitle>
        <CardDescription>Locations shared by people who scanned {possessive(petName)} QR code.</CardDescription>
        {/* The sentence above is the section's own; a claim of a found pet is no scan, so when the
            section holds one it says so beside it rather than leave the owner to wonder. */}
        {reports?.some((report) => report.claimedFoundPet) && (
          <CardDescription>
            It also holds your conversations with people who found a pet you said is {petName}.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading finder reports">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Finder reports could not be loaded. Please reload the page.</p>
        ) : reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No reports yet. When someone scans {possessive(petName)} tag and shares a location, it will appear here.
          </p>
        ) : (
          <div className="grid gap-4">
            {homeSafe && reports.some(awaitsThanks) && <ThankFindersButton petId={petId} />}
            <ol className="grid gap-3">
              {reports.map((report) => (
                <Report
                  key={report.id}
                  report={report}
                  petName={petName}
                  highlighted={target === `report-${report.id}`}
                  messages={messages.filter((message) => message.reportId === report.id)}
                />
              ))}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
