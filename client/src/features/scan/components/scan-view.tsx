import { MessageCircle, PawPrint } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import type { PublicPet } from '@/api/pets';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';
import { AboutCard } from './about-card';
import { HomeSafeBanner } from './home-safe-banner';
import { MissingBanner } from './missing-banner';
import { OwnerContactCard } from './owner-contact-card';
import { PetHero } from './pet-hero';
import { ShareLocationLink } from './share-location-link';
import { UrgentMedicalCard } from './urgent-medical-card';
import { WhatToDoCard } from './what-to-do-card';

// Rendered by the browser and, for a finder's first visit, by the server too (see prerendered.ts):
// keep it free of browser-only APIs.

function Footer() {
  const { t } = useI18n();
  return (
    <footer className="flex flex-col items-center gap-1 pt-4 pb-2 text-center text-sm text-muted-foreground">
      <span className="flex items-center gap-1.5 font-semibold text-foreground">
        <PawPrint className="size-4 text-accent-foreground" aria-hidden="true" />
        Homeward
      </span>
      {t('common.tagline')}
      {/* A page of the server's, without the app: a full page load, with or without scripts. */}
      <a href="/found" className="mt-1 font-medium text-accent-foreground underline underline-offset-4">
        {t('common.foundAPet')}
      </a>
      <div className="mt-3">
        <LanguageSwitch />
      </div>
    </footer>
  );
}

/** The finder's page's column, on its own while the page's words are on their way. */
export function ScanColumn({ lang, children }: { lang?: string; children: ReactNode }) {
  return (
    <div lang={lang} className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      {children}
    </div>
  );
}

/** The finder's page around its content, in the finder's language (`i18n`), which its content reads too. */
export function ScanFrame({ i18n, children }: { i18n: FinderI18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      {/* Inside the app the document is English: a reader must know this part is not. */}
      <ScanColumn lang={i18n.lang}>
        {children}
        <Footer />
      </ScanColumn>
    </I18nProvider>
  );
}

/** The element the server renders a finder's scan page into, and the page's script hydrates. */
export const FINDER_PAGE_ID = 'prerender';

/**
 * A finder's scan page as the server renders it (scan-prerender.tsx) and the page's script then
 * hydrates (scan-main.tsx): one component for both, so that their first renders are the same tree.
 * The server puts the pet's plain profile inside; the script, the same profile with its dialog.
 */
export function FinderScanPage({ i18n, children }: { i18n: FinderI18n; children: ReactNode }) {
  return (
    <main>
      <ScanFrame i18n={i18n}>{children}</ScanFrame>
    </main>
  );
}

interface ScanProfileProps {
  pet: PublicPet;
  /** The app's: the server's page has none, and its Share Location is a link to the server's form. */
  onShareLocation?: () => void;
  onIntent?: () => void;
  shareLocationRef?: Ref<HTMLAnchorElement>;
  shareLocationPending?: boolean;
}

export function ScanProfile({
  pet,
  onShareLocation,
  onIntent,
  shareLocationRef,
  shareLocationPending,
}: ScanProfileProps) {
  const { t } = useI18n();
  return (
    <>
      <PetHero pet={pet} />
      <UrgentMedicalCard pet={pet} />
      {pet.isMissing && (
        <MissingBanner
          pet={pet}
          ownerPhone={pet.ownerPhone}
          onShareLocation={onShareLocation}
          onIntent={onIntent}
          shareLocationRef={shareLocationRef}
          shareLocationPending={shareLocationPending}
        />
      )}
      {!pet.isMissing && pet.homeSafe && <HomeSafeBanner />}
      {pet.isMissing && <WhatToDoCard pet={pet} />}
      <OwnerContactCard
        pet={pet}
        messageOwner={
          // A missing pet's banner offers it already; a safe pet's finder needs a way too.
          !pet.isMissing &&
          !pet.ownerPhone && (
            <Button asChild variant="outline" className="h-11">
              <ShareLocationLink petId={pet.id} onOpen={onShareLocation} onIntent={onIntent} ref={shareLocationRef}>
                <MessageCircle aria-hidden="true" />
                {t('scan.messageOwner')}
              </ShareLocationLink>
            </Button>
          )
        }
      />
      <AboutCard pet={pet} />
    </>
  );
}
