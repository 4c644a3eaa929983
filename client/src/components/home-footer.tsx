import { PawPrint } from 'lucide-react';
import { LanguageSwitch } from '@/components/language-switch';
import { useI18n } from '@/lib/i18n';

/**
 * The foot of a public page a finder reaches from outside the app (`/found`, `/lost`): the way home,
 * the tagline and the language switch. Rendered by the server too: no browser-only code.
 */
export function HomeFooter() {
  const { t } = useI18n();
  return (
    <footer className="flex flex-col items-center gap-1 text-center text-muted-foreground text-sm">
      <a
        href="/"
        className="flex items-center gap-1.5 font-semibold text-foreground underline-offset-4 hover:underline"
      >
        <PawPrint className="size-4 text-accent-foreground" aria-hidden="true" />
        Homeward
      </a>
      {t('common.tagline')}
      <div className="mt-3">
        <LanguageSwitch />
      </div>
    </footer>
  );
}
