import { PawPrint } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import type { PublicPet } from '@/api/pets';
import { AboutCard } from './about-card';
import { HomeSafeBanner } from './home-safe-banner';
import { MissingBanner } from './missing-banner';
import { OwnerContactCard } from './owner-contact-card';
import { PetHero } from './pet-hero';

// Rendered by the browser and, for a finder's first visit, by the server too (see prerendered.ts):
// keep it free of browser-only APIs.

function Footer() {
  return (
    <footer className="flex flex-col items-center gap-1 pt-4 pb-2 text-center text-sm text-muted-foreground">
      <span className="flex items-center gap-1.5 font-semibold text-foreground">
        <PawPrint className="size-4 text-accent-foreground" aria-hidden="true" />
        Homeward
      </span>
      Helping lost pets find their way home.
    </footer>
  );
}

export function ScanFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      {children}
      <Footer />
    </div>
  );
}

interface ScanProfileProps {
  pet: PublicPet;
  onShareLocation?: () => void;
  onIntent?: () => void;
  shareLocationRef?: Ref<HTMLAnchorElement>;
}

export function ScanProfile({
  pet,
  onShareLocation = () => {},
  onIntent = () => {},
  shareLocationRef,
}: ScanProfileProps) {
  return (
    <>
      <PetHero pet={pet} />
      {pet.isMissing && (
        <MissingBanner
          petName={pet.name}
          ownerPhone={pet.ownerPhone}
          onShareLocation={onShareLocation}
          onIntent={onIntent}
          shareLocationRef={shareLocationRef}
        />
      )}
      {!pet.isMissing && pet.homeSafe && <HomeSafeBanner />}
      <OwnerContactCard pet={pet} />
      <AboutCard pet={pet} />
    </>
  );
}
