import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Copy, ExternalLink } from 'lucide-react';
import { useId, useRef } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FieldRow } from '@/components/field-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { calendarFeedQuery } from '../api/get-calendar-feed';

/** Calendar apps subscribe to webcal: links; the address behind it is the same https (or http) one. */
const webcalLink = (url: string) => url.replace(/^https?:/, 'webcal:');

const showRetryToast = (error: unknown) => showErrorToast({ error, fallback: 'Please try again.' });

/**
 * A change to the link that cannot be undone: its button asks first, the answer that does it has
 * the same words, and a toast says it is done.
 */
function ConfirmedLinkAction({
  label,
  title,
  description,
  done,
  disabled,
  run,
}: {
  label: string;
  title: string;
  description: string;
  done: { title: string; description: string };
  disabled: boolean;
  run: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={disabled}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={label}
      onConfirm={() => run({ onSuccess: () => toast(done), onError: showRetryToast })}
    />
  );
}

/** A private, revocable .ics address that shows pending reminders in the owner's own calendar app. */
export function CalendarFeedCard() {
  const feed = useQuery(calendarFeedQuery());
  const create = useCreateCalendarFeed();
  const turnOff = useDeleteCalendarFeed();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const url = feed.data?.url;
  const busy = create.isPending || turnOff.isPending;

  const linkActions = (
    <>
      <ConfirmedLinkAction
        label="Reset link"
        title="Reset the calendar link?"
        description="The current link stops working at once. Calendars subscribed to it need the new link."
        done={{ title: 'Link Reset', description: 'The old calendar link no longer works.' }}
        disabled={busy}
        run={(callbacks) => create.mutate(undefined, callbacks)}
      />
      <ConfirmedLinkAction
        label="Turn off"
        title="Turn off the calendar link?"
        description="The link stops working and subscribed calendars stop showing your reminders."
        done={{ title: 'Calendar Link Turned Off', description: 'Your reminders are no longer shared.' }}
        disabled={busy}
        run={(callbacks) => turnOff.mutate(undefined, callbacks)}
      />
    </>
  );

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link Copied!', description: 'The calendar link has been copied to your clipboard.' });
    } catch {
      input.current?.select();
      toast({ title: 'Copy the link', description: 'Your browser blocked copying: the link is selected for you.' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <CalendarPlus className="size-5 text-accent-foreground" aria-hidden="true" />
            Calendar subscription
          </h2>
        </CardTitle>
        <CardDescription>
          See pending reminders as all-day events in your phone or computer calendar. It updates by itself as you add
          and complete reminders.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feed.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : url ? (
          <>
            <FieldRow htmlFor={inputId} label="Calendar link">
              <div className="flex gap-2">
                <Input
                  id={inputId}
                  ref={input}
                  readOnly
                  value={url}
                  onFocus={(e) => e.currentTarget.select()}
                  className="font-mono text-xs md:text-xs"
                />
                <Button type="button" variant="outline" onClick={() => copy(url)}>
                  <Copy aria-hidden="true" />
                  Copy
                </Button>
              </div>
            </FieldRow>
            <p className="text-sm text-muted-foreground">
              This link is private: anyone who has it can see your pending reminders, so share it only with your own
              calendar. Reset it if it got out, or turn it off when you no longer need it.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" asChild>
                <a href={webcalLink(url)}>
                  <ExternalLink aria-hidden="true" />
                  Open in calendar app
                </a>
              </Button>
              {linkActions}
            </div>
          </>
        ) : feed.data?.active ? (
          <>
            <p className="text-sm text-muted-foreground">
              Your calendar link is on. For your privacy it is shown only once, when it is made. If you lost it, reset
              it to get a new one; calendars subscribed to the old link then need the new one.
            </p>
            <div className="flex flex-wrap gap-2">{linkActions}</div>
          </>
        ) : (
          <>
            {feed.isError && (
              <p className="text-sm text-destructive">Could not load your calendar link. Please try again.</p>
            )}
            <p className="text-sm text-muted-foreground">
              You get a private link that only you know. Nobody else can see your reminders without it.
            </p>
            <div>
              <Button onClick={() => create.mutate(undefined, { onError: showRetryToast })} busy={busy}>
                <CalendarPlus aria-hidden="true" />
                {create.isPending ? 'Creating...' : 'Create calendar link'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
