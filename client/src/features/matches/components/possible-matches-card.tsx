import { POSSIBLE_MATCHES_ANCHOR, type PossibleMatch } from '@shared/contracts/matches';
import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFocusAfterRemoval } from '@/hooks/use-focus-after-removal';
import { useFragmentTarget } from '@/hooks/use-fragment-target';
import { showErrorToast } from '@/lib/error-toast';
import { type MatchDecision, useDecideMatch } from '../api/decide-match';
import { petMatchesQuery } from '../api/get-matches';
import { matchEmailsQuery, useSetMatchEmails } from '../api/match-emails';

// A button that says the pet's name wraps, even inside one long word, rather than widen a phone's page.
const NAMED_BUTTON = 'h-auto min-h-10 max-w-full whitespace-normal text-left [overflow-wrap:anywhere]';

interface PetForMatches {
  id: string;
  name: string;
  isMissing: boolean;
  lastSeenLat: number | null;
}

/**
 * The section takes the focus when an alert opens it and when its last match is decided: a ring
 * shows where the focus went, as on any control.
 */
const SECTION_FOCUS =
  'rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

// The finder's calendar day, stored at noon UTC: read in UTC, not in the owner's zone, which moves
// it a day for anyone beyond twelve hours from UTC.
const foundOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

interface MatchProps {
  pet: PetForMatches;
  match: PossibleMatch;
  /** Disabled while a decision on any match is under way. */
  deciding: boolean;
  onDecide: (decision: MatchDecision) => void;
  /** For "That's {name}!", where the focus goes when the match before it is dismissed. */
  firstAction: (element: HTMLButtonElement | null) => void;
  /** For the words a confirmed match shows, when it was just confirmed: the focus goes there. */
  confirmedText?: RefObject<HTMLElement | null>;
}

function Match({ pet, match, deciding, onDecide, firstAction, confirmedText }: MatchProps) {
  const report = match.foundReport;
  const photo = report.photoUrls[0];
  return (
    <li className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[8rem_1fr]">
      {photo ? (
        <img
          src={`${photo}&size=320`}
          alt={`The ${report.species} that was found`}
          className="aspect-square w-32 rounded-md object-cover"
          loading="lazy"
        />
      ) : null}
      <div className="grid content-start gap-2">
        <p className="font-medium">{match.reasons.join(', ')}</p>
        <p className="text-sm text-muted-foreground">
          Found on <time dateTime={report.foundAt}>{foundOn(report.foundAt)}</time>
          {report.whereNow === 'shelter' && report.shelterName ? `, now at ${report.shelterName}` : ''}
          {report.marks ? `. ${report.marks}` : ''}
        </p>
        <a
          className="w-fit text-sm font-medium text-accent-foreground underline underline-offset-4"
          href={`/found-pet/${report.id}`}
        >
          See the found {report.species}
        </a>
        {match.finderSaysNot ? (
          <Badge variant="outline" className="w-fit">
            The finder says this is not {pet.name}
          </Badge>
        ) : match.status === 'confirmed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge ref={confirmedText} tabIndex={-1} className="w-fit">
              You said this is {pet.name}: talk with the finder under Finder Reports
            </Badge>
            {match.finderReportId && (
              <a
                className="text-sm font-medium text-accent-foreground underline underline-offset-4"
                href={`#report-${match.finderReportId}`}
              >
                Open the Conversation
              </a>
            )}
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button ref={firstAction} className={NAMED_BUTTON} onClick={() => onDecide('confirm')} disabled={deciding}>
              <Check aria-hidden="true" />
              That's {pet.name}!
            </Button>
            <Button variant="outline" className={NAMED_BUTTON} onClick={() => onDecide('dismiss')} disabled={deciding}>
              <X aria-hidden="true" />
              Not {pet.name}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * After the one-click unsubscribe of a match e-mail: says so, and turns them back on. The alerts on
 * the owner's devices and this list never stopped.
 */
function MatchEmailsOff({ pet }: { pet: PetForMatches }) {
  const { data } = useQuery(matchEmailsQuery(pet.id));
  const setEmails = useSetMatchEmails(pet.id);
  if (data?.email !== false) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3 text-sm">
      <p>You unsubscribed from e-mails about possible matches for {pet.name}.</p>
      <Button
        variant="outline"
        size="sm"
        disabled={setEmails.isPending}
        onClick={() =>
          setEmails.mutate(
            { email: true },
            { onError: (error) => showErrorToast({ error, fallback: 'Please try again.' }) },
          )
        }
      >
        Turn E-mails Back On
      </Button>
    </div>
  );
}

/**
 * Once the pet is safe, the found report its owners confirmed stays on the profile as how it came
 * home (the unconfirmed ones are no longer a question, and go).
 */
function FoundThroughMatching({ matches }: { matches: PossibleMatch[] }) {
  return (
    <section id={POSSIBLE_MATCHES_ANCHOR} aria-label="Found Through Matching" tabIndex={-1} className={SECTION_FOCUS}>
      <SectionCard title="Found Through Matching" contentClassName="grid gap-3">
        <ul className="grid gap-3">
          {matches.map((match) => (
            <li key={match.foundReport.id} className="grid gap-1">
              <p>
                Found through Homeward's matching:{' '}
                <a
                  className="font-medium text-accent-foreground underline underline-offset-4"
                  href={`/found-pet/${match.foundReport.id}`}
                >
                  the {match.foundReport.species} found on {foundOn(match.foundReport.foundAt)}
                </a>
              </p>
              <p className="text-sm text-muted-foreground">{match.reasons.join(', ')}</p>
            </li>
          ))}
        </ul>
      </SectionCard>
    </section>
  );
}

/**
 * Possible Matches on a pet's profile: found pets that may be this missing one, with why in words,
 * and "That's {name}!" / 'Not {name}'. Alerts open it (`#possible-matches`). Once the pet is safe,
 * only the confirmed match shows, as how it was found.
 *
 * A decision takes its buttons away, and the focus would fall to the top of the page: after 'Not
 * {name}' it moves to the next match's "That's {name}!" (or the section, once none is left) and the
 * dismissal is said; after "That's {name}!", to the words the confirmed match now shows.
 */
export function PossibleMatchesCard({ pet }: { pet: PetForMatches }) {
  const { data: matches, isPending } = useQuery(petMatchesQuery(pet.id, pet.isMissing));
  useFragmentTarget(!isPending);
  const decide = useDecideMatch(pet.id);
  const section = useRef<HTMLElement>(null);
  const confirmedText = useRef<HTMLElement>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const undecided = (matches ?? []).filter((match) => match.status !== 'confirmed');
  const focus = useFocusAfterRemoval<HTMLButtonElement>(
    undecided.map((match) => match.foundReport.id),
    section,
  );

  // Runs once the confirmed match's words are on the page (the decision waits for the list read again).
  useEffect(() => {
    if (confirmed === null) return;
    setConfirmed(null);
    confirmedText.current?.focus();
  }, [confirmed]);

  if (!pet.isMissing) return matches?.length ? <FoundThroughMatching matches={matches} /> : null;
  const act = (match: PossibleMatch, decision: MatchDecision) => {
    setSaid('');
    decide.mutate(
      { foundReportId: match.foundReport.id, decision },
      {
        onSuccess: () => {
          if (decision === 'confirm') {
            setConfirmed(match.foundReport.id);
            return;
          }
          focus.removed(undecided.indexOf(match));
          setSaid(`Not ${pet.name}: the found ${match.foundReport.species} is off the list.`);
        },
        onError: (error) => showErrorToast({ error, fallback: 'Please try again.' }),
      },
    );
  };
  return (
    <section
      ref={section}
      id={POSSIBLE_MATCHES_ANCHOR}
      aria-label="Possible Matches"
      tabIndex={-1}
      className={SECTION_FOCUS}
    >
      <SectionCard
        title="Possible Matches"
        description={`Pets found near where ${pet.name} was last seen that may be ${pet.name}.`}
        contentClassName="grid gap-4"
      >
        <p role="status" className="sr-only">
          {said}
        </p>
        <MatchEmailsOff pet={pet} />
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : matches?.length ? (
          <ul className="grid gap-4">
            {matches.map((match) => (
              <Match
                key={match.foundReport.id}
                pet={pet}
                match={match}
                deciding={decide.isPending}
                onDecide={(decision) => act(match, decision)}
                firstAction={focus.control(match.foundReport.id)}
                confirmedText={match.foundReport.id === confirmed ? confirmedText : undefined}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {pet.lastSeenLat === null
              ? `Put a pin where ${pet.name} was last seen, and we will tell you of pets found near it.`
              : `No found pet looks like ${pet.name} yet. We will tell you when one does.`}
          </p>
        )}
      </SectionCard>
    </section>
  );
}
