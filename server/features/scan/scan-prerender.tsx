import type { Request } from 'express';
import { renderToString } from 'react-dom/server';
import {
  FINDER_PAGE_ID,
  FinderScanPage,
  ScanFrame,
  ScanProfile,
} from '../../../client/src/features/scan/components/scan-view';
import type { PublicPet } from '../../../shared/contracts/pets';
import type { Language } from '../../../shared/i18n/languages';
import { pageStringsScript, SCAN_PAGE_NAMESPACES } from '../../../shared/i18n/strings';
import { hasSessionCookie } from '../../auth/sessions';
import type { Prerender, PrerenderedPage } from '../../client-assets';
import { pageStrings, requestLanguage, translator } from '../../lib/i18n';
import { isUuid } from '../../lib/validate';
import type { Services } from '../../services';

// The page's script hydrates this in place (client/src/scan-main.tsx): its first render must be this one.
const renderPet = (pet: PublicPet, lang: Language) =>
  `<div id="${FINDER_PAGE_ID}">${renderToString(
    <FinderScanPage i18n={{ lang, t: translator(lang), switchable: true }}>
      <ScanProfile pet={pet} />
    </FinderScanPage>,
  )}</div>`;

/** What a finder reads when the code leads to no pet (one deleted, or a mistyped address). */
export const PetNotFound = ({ lang }: { lang: Language }) => {
  const t = translator(lang);
  return (
    <ScanFrame i18n={{ lang, t, switchable: true }}>
      <div className="py-16 text-center">
        <h1 className="font-bold text-2xl">{t('pages.petNotFound')}</h1>
        <p className="text-muted-foreground">{t('pages.petNotFoundText')}</p>
      </div>
    </ScanFrame>
  );
};

const notFoundPage = (lang: Language): PrerenderedPage => ({
  status: 404,
  lang,
  title: translator(lang)('pages.petNotFoundTitle'),
  body: `<div id="prerender"><main>${renderToString(<PetNotFound lang={lang} />)}</main></div>`,
});

/** A pet with every field set: with the fields below varied, it takes every branch of the page. */
const SAMPLE_PET: PublicPet = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Sample',
  species: 'dog',
  breed: 'Labrador Retriever',
  age: '3 years',
  weight: '50 lbs',
  color: 'Yellow',
  microchipId: '985112345678903',
  photoUrl: '/api/pets/00000000-0000-4000-8000-000000000000/photo?v=0',
  ownerName: 'Sample Owner',
  ownerPhone: '555-0100',
  ownerEmail: 'owner@example.com',
  ownerAddress: '1 Sample Street',
  vetName: 'Sample Vet',
  vetPhone: '555-0101',
  vetAddress: '2 Sample Street',
  backupContacts: [{ name: 'Sample Friend', phone: '555-0102', relationship: 'Neighbour' }],
  medicalNotes: 'Daily medication',
  specialNeeds: 'Shy with strangers',
  isMissing: true,
  contactConfirmedMonth: '2026-01',
  homeSafe: false,
  lastSeenLat: 51.50125,
  lastSeenLng: -0.125,
  lastSeenLocation: 'Sample Park',
  lastSeenDate: '2026-01-01',
};

/** Each branch of the page once: missing or not, with or without photo and phone, home safe, urgent notes. */
const SAMPLES: PublicPet[] = [
  SAMPLE_PET,
  { ...SAMPLE_PET, photoUrl: null, ownerPhone: undefined, medicalNotes: 'Urgent: needs insulin twice a day' },
  { ...SAMPLE_PET, isMissing: false, homeSafe: true },
  { ...SAMPLE_PET, isMissing: false, photoUrl: null, ownerPhone: undefined },
];

/**
 * A finder's first visit to /scan/{id} arrives as finished HTML, from the same components the app
 * renders: on a weak signal the pet and the Call Owner link show before any script has loaded.
 * Signed-in visitors get the plain app, which may show them more than the public view. The page is
 * in the finder's language, and carries that language's words for its script (the Share Location
 * dialog's among them), no other language's. Its head carries the link preview's tags, and names
 * the card image, in that language too.
 */
export function scanPrerender({ pets, previews, scanLog }: Services): Prerender {
  return {
    path: '/scan/:id',
    entry: 'src/scan-main.tsx',
    async render(req: Request): Promise<PrerenderedPage | undefined> {
      if (hasSessionCookie(req)) return undefined;
      const lang = requestLanguage(req);
      // Answered 404 (a link checker, a crawler and the finder's browser all learn the truth), in words.
      const id = String(req.params.id).toLowerCase();
      const found = isUuid(id) ? await pets.publicPage(id) : undefined;
      if (!found) return notFoundPage(lang);
      const { pet, preview } = found;
      const t = translator(lang);
      // Signed out, so not one of its owners: a finder, most likely.
      void scanLog.recordVisit(id, { address: req.ip, userAgent: req.get('user-agent') });
      // JSON inside a script element: "<" must not be able to close it.
      const data = JSON.stringify(pet).replace(/</g, '\\u003c');
      return {
        lang,
        title: t(pet.isMissing ? 'pages.scanTitleMissing' : 'pages.scanTitle', { name: pet.name }),
        // For chat apps and social networks, which fetch the page without cookies or scripts; and
        // for those, and search engines, that read the page's own description.
        head: previews.pageTags(preview, lang),
        description: previews.description(preview, lang),
        body:
          renderPet(pet, lang) +
          `<script type="application/json" id="prerender-data">${data}</script>` +
          pageStringsScript(pageStrings(lang, SCAN_PAGE_NAMESPACES)),
      };
    },
    // A signed-in visitor gets the app, with the same link preview in its head.
    async appHead(req: Request) {
      const id = String(req.params.id).toLowerCase();
      const preview = isUuid(id) ? await pets.preview(id) : undefined;
      return preview && previews.pageTags(preview, requestLanguage(req));
    },
    samples: () => [...SAMPLES.map((pet) => renderPet(pet, 'en')), notFoundPage('en').body],
  };
}
