import { FINDER_REPORT_MAX_LENGTH } from '@shared/contracts/finder-reports';
import { possessive } from '@shared/possessive';
import { CircleCheck, MapPin } from 'lucide-react';
import { FieldRow } from '@/components/field-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type FinderI18n, useI18n } from '@/lib/i18n';
import { ConversationHint, OpenConversationLink } from './conversation-link';
import { ScanFrame } from './scan-view';
import { shareLocationPath } from './share-location-path';

// Share Location without any script: the scan page's Share Location link opens this page, which
// the server renders and which posts back to itself. With scripts the link opens the dialog
// instead (share-location-dialog.tsx), with the same fields and words.

export interface ShareLocationFormValues {
  finderName: string;
  finderLocation: string;
  finderContact: string;
  message: string;
}

interface ShareLocationFormViewProps {
  pet: { id: string; name: string };
  i18n: FinderI18n;
  values?: ShareLocationFormValues;
  /** The server's sentence for what was wrong, shown above the form. */
  error?: string;
  /**
   * The report went out: the spec's thank-you words take the form's place, with the link to the
   * finder's conversation page where the owner's replies arrive.
   */
  sent?: { conversationPath: string };
}

const EMPTY: ShareLocationFormValues = { finderName: '', finderLocation: '', finderContact: '', message: '' };

function Sent({ pet, conversationPath }: { pet: { id: string; name: string }; conversationPath: string }) {
  const { t } = useI18n();
  return (
    <Card role="status">
      <CardHeader>
        <CardTitle asChild>
          <h1 className="flex items-center gap-2 text-2xl">
            <CircleCheck className="size-6 text-success" aria-hidden="true" />
            {t('shareLocation.sentTitle')}
          </h1>
        </CardTitle>
        <CardDescription className="text-base">{t('shareLocation.sentText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <ConversationHint />
          <OpenConversationLink path={conversationPath} />
        </div>
        <a href={`/scan/${pet.id}`} className="font-medium text-accent-foreground underline underline-offset-4">
          {t('shareLocation.back', { name: pet.name, petPossessive: possessive(pet.name) })}
        </a>
      </CardContent>
    </Card>
  );
}

export function ShareLocationFormView({ i18n, sent, ...form }: ShareLocationFormViewProps) {
  return (
    <ScanFrame i18n={i18n}>
      {sent ? <Sent pet={form.pet} conversationPath={sent.conversationPath} /> : <ShareLocationForm {...form} />}
    </ScanFrame>
  );
}

function ShareLocationForm({ pet, values = EMPTY, error }: Omit<ShareLocationFormViewProps, 'i18n' | 'sent'>) {
  const { t } = useI18n();
  const petPossessive = possessive(pet.name);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h1 className="text-2xl">{t('shareLocation.title')}</h1>
        </CardTitle>
        <CardDescription>{t('shareLocation.description', { name: pet.name, petPossessive })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={shareLocationPath(pet.id)} className="grid gap-4">
          {error && (
            <p
              id="share-location-error"
              role="alert"
              className="rounded-md border border-destructive bg-destructive/10 p-3 font-medium text-sm"
            >
              {error}
            </p>
          )}
          <FieldRow htmlFor="share-location-name" label={t('shareLocation.name')}>
            <Input
              id="share-location-name"
              name="finderName"
              defaultValue={values.finderName}
              autoComplete="name"
              maxLength={FINDER_REPORT_MAX_LENGTH.finderName}
            />
          </FieldRow>
          <FieldRow
            htmlFor="share-location-place"
            label={
              <>
                {t('shareLocation.place', { name: pet.name })}
                <span aria-hidden="true" className="ml-0.5 text-destructive">
                  *
                </span>
              </>
            }
          >
            <Input
              id="share-location-place"
              name="finderLocation"
              defaultValue={values.finderLocation}
              placeholder={t('shareLocation.placePlaceholder')}
              required
              aria-required="true"
              aria-describedby={error ? 'share-location-error' : undefined}
              maxLength={FINDER_REPORT_MAX_LENGTH.finderLocation}
              // The one field a report needs, and the reason the finder came to this page.
              autoFocus
            />
          </FieldRow>
          <FieldRow
            htmlFor="share-location-contact"
            label={t('shareLocation.contact')}
            hint={t('shareLocation.contactHint')}
          >
            <Input
              id="share-location-contact"
              name="finderContact"
              defaultValue={values.finderContact}
              autoComplete="email"
              aria-describedby="share-location-contact-hint"
              maxLength={FINDER_REPORT_MAX_LENGTH.finderContact}
            />
          </FieldRow>
          <FieldRow htmlFor="share-location-message" label={t('shareLocation.message')}>
            <Textarea
              id="share-location-message"
              name="message"
              defaultValue={values.message}
              placeholder={t('shareLocation.messagePlaceholder')}
              maxLength={FINDER_REPORT_MAX_LENGTH.message}
            />
          </FieldRow>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg">
              <MapPin aria-hidden="true" />
              {t('shareLocation.submit')}
            </Button>
            <a href={`/scan/${pet.id}`} className="text-sm underline underline-offset-4">
              {t('shareLocation.back', { name: pet.name, petPossessive })}
            </a>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
