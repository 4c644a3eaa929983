import { MessageCircle } from 'lucide-react';
import { useI18n } from '@/lib/i18n';

// After a report, with or without scripts: where the finder reads the owner's replies (the link is
// also in every e-mail to them).

/** Why the finder should keep the link, said the same way after the dialog and after the server's form. */
export function ConversationHint() {
  const { t } = useI18n();
  return <p className="text-sm text-muted-foreground">{t('scan.conversationHint')}</p>;
}

/** The finder's secret conversation page (`/c/{token}`), as a button-like link. */
export function OpenConversationLink({ path }: { path: string }) {
  const { t } = useI18n();
  return (
    <a
      href={path}
      className="inline-flex w-fit items-center gap-2 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <MessageCircle className="size-4" aria-hidden="true" />
      {t('scan.openConversation')}
    </a>
  );
}
