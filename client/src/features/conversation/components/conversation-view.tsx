import {
  type ConversationMessage,
  conversationPath,
  type FinderConversation,
  MESSAGE_MAX_LENGTH,
} from '@shared/contracts/conversations';
import { reportPlace } from '@shared/contracts/finder-reports';
import { foundPetPath } from '@shared/contracts/found-pet-path';
import { formatDateTime, formatNumber } from '@shared/i18n/format';
import { possessive } from '@shared/possessive';
import { MapPin, PawPrint, Send } from 'lucide-react';
import type { ChangeEvent, FormEvent } from 'react';
import { LanguageSwitch } from '@/components/language-switch';
import { ReportPlace } from '@/components/report-place';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';

// Rendered by the server for the finder's first visit (the page works without JavaScript) and by
// the browser once the page's script has loaded: keep it free of browser-only APIs.

/** When a message was written, in the reader's language: the server writes UTC, the browser the reader's own time. */
type FormatTime = (iso: string) => string;

function useFormatTime(localTime: boolean): FormatTime {
  const { lang, t } = useI18n();
  return localTime
    ? (iso) => formatDateTime(iso, lang)
    : (iso) => t('conversation.utcTime', { time: formatDateTime(iso, lang, 'UTC') });
}

function PetHeader({ pet }: { pet: FinderConversation['pet'] }) {
  const { t } = useI18n();
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
        <p className="text-muted-foreground">
          {t('conversation.withOwner', { name: pet.name, petPossessive: possessive(pet.name) })}
        </p>
      </div>
    </header>
  );
}

/**
 * The found pet whose claim opened the conversation: where the finder said they found it and its
 * public page. Never its place as a shared position: the report carries only the place's grid cell.
 */
function YourFoundPet({ report, foundPetId }: { report: FinderConversation['report']; foundPetId: string }) {
  const { t } = useI18n();
  const { place } = reportPlace(report);
  return (
    <SectionCard title={t('conversation.yourFoundPet')} contentClassName="grid gap-2 text-sm">
      {place && (
        <p className="flex items-start gap-2 font-medium">
          <MapPin className="mt-0.5 size-4 shrink-0 text-accent-foreground" aria-hidden="true" />
          <span>{place}</span>
        </p>
      )}
      <a
        href={foundPetPath(foundPetId)}
        className="w-fit font-medium text-accent-foreground underline-offset-4 hover:underline"
      >
        {t('conversation.seeFoundPet')}
      </a>
    </SectionCard>
  );
}

/** What Homeward itself tells in the conversation (no one typed it): that the owner claimed the pet. */
function ClaimLine({ at, petName, formatTime }: { at: string; petName: string; formatTime: FormatTime }) {
  const { t } = useI18n();
  return (
    <li className="grid gap-1 justify-self-center rounded-lg border border-dashed bg-card px-3 py-2 text-center text-sm">
      <p className="font-semibold">Homeward</p>
      <p>{t('conversation.claimed', { name: petName, petPossessive: possessive(petName) })}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={at}>{formatTime(at)}</time>
      </p>
    </li>
  );
}

function YourReport({
  report,
  about,
  formatTime,
}: {
  report: FinderConversation['report'];
  about: FinderConversation['about'];
  formatTime: FormatTime;
}) {
  const { t } = useI18n();
  return (
    <SectionCard
      // A person who saw the pet pass sent a sighting, not a finder's report.
      title={t(about === 'sighting' ? 'conversation.yourSighting' : 'conversation.yourReport')}
      contentClassName="grid gap-2 text-sm"
    >
      <p className="text-muted-foreground">
        <time dateTime={report.createdAt}>{formatTime(report.createdAt)}</time>
      </p>
      <ReportPlace
        report={report}
        words={{
          sharedPosition: t('conversation.sharedPosition'),
          openInMaps: t('conversation.openInMaps'),
          opensInNewTab: t('common.opensInNewTab'),
        }}
      />
      {report.message && <p className="whitespace-pre-line">{report.message}</p>}
    </SectionCard>
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
  const { t } = useI18n();
  const mine = message.author === 'finder';
  return (
    <li
      id={`message-${message.id}`}
      className={cn(
        'grid max-w-[85%] gap-1 rounded-lg border px-3 py-2 text-sm',
        mine ? 'justify-self-end bg-accent text-accent-foreground' : 'justify-self-start bg-card',
      )}
    >
      <p className="font-semibold">
        {mine ? t('conversation.you') : t('conversation.owner', { name: petName, petPossessive: possessive(petName) })}
      </p>
      <p className="whitespace-pre-line">{message.body}</p>
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
  /** Without JavaScript: what the finder had typed when the server refused it. */
  draft?: string;
  live?: {
    value: string;
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    sending: boolean;
  };
}

function MessageForm({ token, error, draft, live }: MessageFormProps) {
  const { t } = useI18n();
  return (
    <form method="post" action={conversationPath(token)} onSubmit={live?.onSubmit} className="grid gap-2">
      <Label htmlFor="conversation-message">{t('conversation.yourMessage')}</Label>
      <Textarea
        id="conversation-message"
        name="body"
        required
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'conversation-error' : undefined}
        {...(live
          ? { value: live.value, onChange: live.onChange }
          : // The page the server answers a refused post with: the focus goes where the mistake is.
            { defaultValue: draft, autoFocus: Boolean(error) })}
      />
      {error && (
        <p id="conversation-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-end" disabled={live?.sending}>
        <Send aria-hidden="true" />
        {live?.sending ? t('conversation.sending') : t('conversation.send')}
      </Button>
    </form>
  );
}

export interface ConversationViewProps extends MessageFormProps {
  conversation: FinderConversation;
  i18n: FinderI18n;
  /** Times in the reader's own time zone (in the browser); otherwise in UTC, said so (on the server). */
  localTime?: boolean;
}

/** The finder's page: the pet, their report, the owner's replies and a box to answer. */
export function ConversationView({ i18n, ...props }: ConversationViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Conversation {...props} />
    </I18nProvider>
  );
}

function Conversation({ conversation, localTime = false, ...form }: Omit<ConversationViewProps, 'i18n'>) {
  const { t } = useI18n();
  const formatTime = useFormatTime(localTime);
  const { pet, report, about, claimedFoundPetId, messages } = conversation;
  const petPossessive = possessive(pet.name);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      <PetHeader pet={pet} />
      {claimedFoundPetId ? (
        <YourFoundPet report={report} foundPetId={claimedFoundPetId} />
      ) : (
        <YourReport report={report} about={about} formatTime={formatTime} />
      )}
      <section aria-labelledby="conversation-messages" className="grid gap-3">
        <h2 id="conversation-messages" className="font-semibold text-lg">
          {t('conversation.messages')}
        </h2>
        {messages.length === 0 && !claimedFoundPetId ? (
          <p className="text-sm text-muted-foreground">
            {t(about === 'sighting' ? 'conversation.noRepliesSighting' : 'conversation.noReplies', {
              name: pet.name,
              petPossessive,
            })}
          </p>
        ) : (
          <ol className="grid gap-2">
            {/* The claim filed the report: it happened when the report was made. */}
            {claimedFoundPetId && <ClaimLine at={report.createdAt} petName={pet.name} formatTime={formatTime} />}
            {messages.map((message) => (
              <Message key={message.id} message={message} petName={pet.name} formatTime={formatTime} />
            ))}
          </ol>
        )}
        <MessageForm {...form} />
        <p className="text-xs text-muted-foreground">{t('conversation.keepPrivate')}</p>
      </section>
      <footer className="flex flex-col items-center gap-3 pt-4 text-sm">
        <span className="flex items-center gap-1.5 font-semibold">
          <PawPrint className="size-4 text-accent-foreground" aria-hidden="true" />
          Homeward
        </span>
        <LanguageSwitch />
      </footer>
    </div>
  );
}

/** Why the server refused a Send posted without script. */
export type FormError = 'empty' | 'too-long' | 'rate-limited';

/** What a refused form post says to the finder, in their language. */
export function formErrorText(code: FormError, { lang, t }: FinderI18n): string {
  if (code === 'empty') return t('conversation.empty');
  if (code === 'too-long') return t('conversation.tooLong', { max: formatNumber(MESSAGE_MAX_LENGTH, lang) });
  return t('conversation.tooMany');
}

export function ConversationNotFound({ i18n: { t } }: { i18n: FinderI18n }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-2 px-4 py-16 text-center">
      <h1 className="font-bold text-2xl">{t('conversation.notFound')}</h1>
      <p className="text-muted-foreground">{t('conversation.notFoundText')}</p>
    </div>
  );
}
