import { HeartHandshake } from 'lucide-react';
import { useI18n } from '@/lib/i18n';

/** In place of the missing banner for a week after the pet came home: the finders are thanked. */
export function HomeSafeBanner() {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="home-safe-heading"
      className="flex items-center justify-center gap-3 rounded-2xl border-2 border-primary bg-primary/10 p-5 text-center"
    >
      <HeartHandshake className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <h2 id="home-safe-heading" className="font-bold text-xl">
        {t('scan.homeSafe')}
      </h2>
    </section>
  );
}
