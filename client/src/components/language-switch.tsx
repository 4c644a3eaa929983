import { LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';
import { useI18n } from '@/lib/i18n';

/**
 * The finder's pages in another language: plain links, so that they work without scripts. The
 * server keeps the choice in a cookie (see server/lib/i18n.ts) for the pages after.
 */
export function LanguageSwitch() {
  const { lang, t, switchable, switchKeeps } = useI18n();
  if (!switchable) return null;
  return (
    <nav aria-labelledby="language-switch-label" className="flex flex-wrap justify-center gap-x-3 gap-y-1 text-sm">
      <span id="language-switch-label">{t('common.language')}</span>
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={`?${new URLSearchParams({ ...switchKeeps, lang: language })}`}
          lang={language}
          hrefLang={language}
          aria-current={language === lang ? 'true' : undefined}
          className={
            language === lang ? 'font-semibold text-foreground' : 'text-accent-foreground underline underline-offset-4'
          }
        >
          {LANGUAGE_NAMES[language]}
        </a>
      ))}
    </nav>
  );
}
