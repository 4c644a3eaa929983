import {
  type ConversationMessage,
  conversationPath,
  type FinderConversation,
  MESSAGE_MAX_LENGTH,
} from '@shared/contracts/conversations';
import { possessive } from '@shared/possessive';
import { PawPrint, Send } from 'lucide-react';
import type { ChangeEvent, FormEvent } from 'react';
import { ReportPlace } from '@/components/report-place';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

// Rendered by the server for the finder's first visit (the page works without JavaScript) and by
// the browser once the page's script has loaded: keep it free of browser-only APIs.

/** When a message was written; the server writes UTC, the browser the reader's own time. */
export type FormatTime = (iso: string) => string;

export const formatUtc: FormatTime = (iso) =>
  `${new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

function PetHeader({ pet }: { pet: FinderConversation['pet'] }) {
  return (
    <header className="flex items-center gap-4">
      {pet.photoUrl ? (
        <img
          src={pet.photoUrl}
          alt={pet.name}
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-full border bg-muted object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-20 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-3xl text-accent-foreground"
        >
          {pet.name.charAt(0).toUpperCase()}
        </div>
      )}
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{pet.name}</h1>
        <p className="text-muted-foreground">Your conversation with {possessive(pet.name)} owner</p>
      </div>
    </header>
  );
}

function YourReport({ report, formatTime }: { report: FinderConversation['report']; formatTime: FormatTime }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your Report</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="text-muted-foreground">
          <time dateTime={report.createdAt}>{formatTime(report.createdAt)}</time>
        </p>
        <ReportPlace report={report} />
        {report.message && <p className="whitespace-pre-line break-words">{report.message}</p>}
      </CardContent>
    </Card>
  );
}

function Message({
  message,
  petName,
  formatTime,
}: {
  message: ConversationMessage;
  petName: string;
  formatTime: FormatTime;
}) {
  const mine = message.author === 'finder';
  return (
    <li
      id={`message-${message.id}`}
      className={cn(
        'grid max-w-[85%] gap-1 rounded-lg border px-3 py-2 text-sm',
        mine ? 'justify-self-end bg-accent text-accent-foreground' : 'justify-self-start bg-card',
      )}
    >
      <p className="font-semibold">{mine ? 'You' : `${possessive(petName)} owner`}</p>
      <p className="whitespace-pre-line break-words">{message.body}</p>
      <p className={cn('text-xs', !mine && 'text-muted-foreground')}>
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
      </p>
    </li>
  );
}

/** The Send box. Without JavaScript it is a plain form post; with it, `live` takes the submit over. */
export interface MessageFormProps {
  token: string;
  error?: string | null;
  live?: {
    value: string;
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    sending: boolean;
  };
}

function MessageForm({ token, error, live }: MessageFormProps) {
  return (
    <form method="post" action={conversationPath(token)} onSubmit={live?.onSubmit} className="grid gap-2">
      <Label htmlFor="conversation-message">Your Message</Label>
      <Textarea
        id="conversation-message"
        name="body"
        required
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'conversation-error' : undefined}
        {...(live && { value: live.value, onChange: live.onChange })}
      />
      {error && (
        <p id="conversation-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-end" disabled={live?.sending}>
        <Send aria-hidden="true" />
        {live?.sending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

export interface ConversationViewProps extends MessageFormProps {
  conversation: FinderConversation;
  formatTime?: FormatTime;
}

/** The finder's page: the pet, their report, the owner's replies and a box to answer. */
export function ConversationView({ conversation, formatTime = formatUtc, ...form }: ConversationViewProps) {
  const { pet, report, messages } = conversation;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      <PetHeader pet={pet} />
      <YourReport report={report} formatTime={formatTime} />
      <section aria-labelledby="conversation-messages" className="grid gap-3">
        <h2 id="conversation-messages" className="font-semibold text-lg">
          Messages
        </h2>
        {messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No replies yet. {possessive(pet.name)} owner has been told about your report; their replies will appear
            here.
          </p>
        ) : (
          <ol className="grid gap-2">
            {messages.map((message) => (
              <Message key={message.id} message={message} petName={pet.name} formatTime={formatTime} />
            ))}
          </ol>
        )}
        <MessageForm {...form} />
        <p className="text-xs text-muted-foreground">
          Keep this page's address to yourself: anyone who has it can read and answer this conversation.
        </p>
      </section>
      <footer className="flex items-center justify-center gap-1.5 pt-4 text-sm font-semibold">
        <PawPrint className="size-4 text-accent-foreground" aria-hidden="true" />
        Homeward
      </footer>
    </div>
  );
}

/** What a refused form post (`?error=`) says to the finder. */
export const FORM_ERROR_TEXT: Record<string, string> = {
  invalid: `Please write a message of at most ${MESSAGE_MAX_LENGTH} characters.`,
  'rate-limited': 'Too many messages. Please wait a few minutes and try again.',
};

export function ConversationNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-2 px-4 py-16 text-center">
      <h1 className="font-bold text-2xl">Conversation Not Found</h1>
      <p className="text-muted-foreground">This link does not lead to a conversation. Please check the address.</p>
    </div>
  );
}
