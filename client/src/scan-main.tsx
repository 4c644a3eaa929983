// The finder's entry. The server sends a signed-out visitor's /scan/{id} already rendered (see
// scan-prerender.tsx); this brings that very HTML to life in place (hydration): the first render
// here is the server's, from the same pet and words embedded in the page, so nothing is painted
// again and the pet's elements stay the ones the finder is already reading. No router, query cache
// or sign-in check, so a phone on a weak signal downloads as little as possible: this entry is
// built apart, on Preact (vite.scan.config.ts). The page's stylesheet comes with the server's HTML.
import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { LiveScanProfile } from '@/features/scan/components/live-scan-profile';
import { readPrerenderedPet } from '@/features/scan/components/prerendered';
import { FINDER_PAGE_ID, FinderScanPage } from '@/features/scan/components/scan-view';
import { cn } from '@/lib/cn';
import { readPageStrings } from '@/lib/i18n';

/** After hydration: marks the page as the script's (`data-hydrated`), a mark its tests wait for. */
function Hydrated({ page }: { page: HTMLElement }) {
  useEffect(() => page.setAttribute('data-hydrated', ''), [page]);
  return null;
}

// Without the embedded pet and words the server's copy stays as it is: complete but for the
// Share Location dialog (its link leads to the server's form).
const pet = readPrerenderedPet();
const i18n = readPageStrings();
const page = document.getElementById(FINDER_PAGE_ID);
if (pet && i18n && page) {
  // Two tasks instead of one long one, between which the phone can answer a tap: the class merger
  // the components style themselves with builds its tables on first use (a third of the work), then
  // the page is hydrated.
  cn();
  setTimeout(() =>
    hydrateRoot(
      page,
      <StrictMode>
        <FinderScanPage i18n={i18n}>
          <LiveScanProfile pet={pet} />
        </FinderScanPage>
        <LazyToaster />
        <Hydrated page={page} />
      </StrictMode>,
    ),
  );
}
