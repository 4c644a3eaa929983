// The finder's entry. The server sends a signed-out visitor's /scan/{id} already rendered (see
// prerendered.ts); this brings that page to life with React and the scan components alone: no
// router, query cache or sign-in check, so a phone on a weak signal downloads as little as
// possible. The page's stylesheet comes with the server's HTML.
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicPet } from '@/api/pets';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { LiveScanProfile } from '@/features/scan/components/live-scan-profile';
import { readPrerenderedPet, removePrerender } from '@/features/scan/components/prerendered';
import { ScanFrame } from '@/features/scan/components/scan-view';
import { listenForSightingLinks } from '@/features/sightings/sighting-link';
import { type FinderI18n, readPageStrings } from '@/lib/i18n';

function FinderScanPage({ pet, i18n }: { pet: PublicPet; i18n: FinderI18n }) {
  // Take over from the server-rendered copy in the same frame as the first render.
  useLayoutEffect(removePrerender, []);
  return (
    <>
      <main>
        <ScanFrame i18n={i18n}>
          <LiveScanProfile pet={pet} />
        </ScanFrame>
      </main>
      <LazyToaster />
    </>
  );
}

listenForSightingLinks();

// Without the embedded pet and words the server's copy stays: it is complete but for Share Location.
const pet = readPrerenderedPet();
const i18n = readPageStrings();
if (pet && i18n) {
  // As a transition React renders in slices of a few milliseconds between which the phone can
  // answer a tap on the server's copy: rendered at once, the page was one long task that held up
  // the finder's first tap (and cost most of Lighthouse's blocking time) on a slow phone.
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <FinderScanPage pet={pet} i18n={i18n} />
      </StrictMode>,
    ),
  );
}
