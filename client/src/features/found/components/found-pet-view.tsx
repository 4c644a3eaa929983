import { foundPetPath } from '@shared/contracts/found-pet-path';
import type { FoundReportStatus, NearbyFoundReport, PublicFoundReport } from '@shared/contracts/found-report-schema';
import { colourNames, SEX_KEYS, SIZE_KEYS, WHERE_NOW_KEYS } from '@shared/i18n/found-pet-words';
import type { Language } from '@shared/i18n/languages';
import { speciesName } from '@shared/i18n/species';
import type { Translate } from '@shared/i18n/strings';
import { Heart, PawPrint } from 'lucide-react';
import { HomeFooter } from '@/components/home-footer';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';
import { FOUND_PATH } from './found-view';

// The found-pet pages, rendered by the server only and whole, so they work without any script:
// the public page of one found pet (/found-pet/{id}) with 'This Is My Pet', and the board of found
// pets near a place (/found-pets). A place is only ever its grid cell. Keep them free of
// browser-only APIs and state.

export const FOUND_PETS_PATH = '/found-pets';

/** A day as the visitor's language writes it ('25 Nov 2026'), in UTC as the server stores it. */
export const dayInWords = (iso: string, lang: Language) =>
  new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium', timeZone: 'UTC' });

const kmInWords = (km: number, lang: Language) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(Math.max(km, 0.1));

/**
 * 'Found: Dog', the species in the visitor's words; 'Reunited: Dog' once it is home. One heading
 * for the page, its title and its link preview, so that none of them is stale.
 */
const HEADING_KEYS = {
  reunited: 'foundPet.headingReunited',
  shelter: 'foundPet.headingShelter',
} as const;

/** 'Found: Dog', 'Reunited: Dog' once it is home, 'At a shelter: Dog' once taken to one: the page's heading and its preview's title. */
export const foundHeading = (report: Pick<PublicFoundReport, 'species' | 'status'>, t: Translate) =>
  t(HEADING_KEYS[report.status as keyof typeof HEADING_KEYS] ?? 'foundPet.heading', {
    species: speciesName(report.species, t),
  });

const STATUS_KEYS: Partial<
  Record<
    FoundReportStatus,
    'foundPet.statusReunited' | 'foundPet.statusShelter' | 'foundPet.statusShelterUnnamed' | 'foundPet.statusExpired'
  >
> = {
  reunited: 'foundPet.statusReunited',
  shelter: 'foundPet.statusShelter',
  expired: 'foundPet.statusExpired',
};

/** What became of a closed report ('Taken to a shelter: ask there about this pet.'); undefined while it is open. */
export function foundStatus(report: Pick<PublicFoundReport, 'status' | 'shelterName'>, t: Translate) {
  // Without a shelter's name there is no 'there' to ask at.
  const key =
    report.status === 'shelter' && !report.shelterName ? 'foundPet.statusShelterUnnamed' : STATUS_KEYS[report.status];
  return key && t(key);
}

/** What 'This Is My Pet' shows the visitor. */
export interface ClaimOffer {
  /** Their missing pets this found pet is claimed for, the claims standing: each is shown done. */
  yours: { id: string; name: string }[];
  /** Their missing pets the finder has said this found pet is not. */
  refused: { id: string; name: string }[];
  /** Another owner has said it is theirs: several owners may, and the finder tells them apart. */
  claimedByOthers: boolean;
  /** Why their last claim was refused. */
  error?: string;
  /**
   * What more they may do: sign in, pick one of their missing pets (another one beside a claim of
   * theirs), or learn that none may be picked; absent when there is nothing more.
   */
  next?: { kind: 'sign-in'; href: string } | { kind: 'pick'; pets: { id: string; name: string }[] } | { kind: 'none' };
}

export interface FoundPetViewProps {
  i18n: FinderI18n;
  report: PublicFoundReport;
  /** From the place the visitor searched (the board's link), when known. */
  distanceKm?: number;
  /** Absent on a closed report: nobody claims it then. */
  claim?: ClaimOffer;
}

export function FoundPetView({ i18n, ...page }: FoundPetViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <FoundPet {...page} />
    </I18nProvider>
  );
}

/**
 * A found-pet address that names nothing (a mistyped or made-up link): why, and the way on to /found,
 * where a tag is looked up or a found pet posted, with the footer of every finder's page.
 */
export function FoundPetNotFound({ i18n }: { i18n: FinderI18n }) {
  return (
    <I18nProvider i18n={i18n}>
      <NotFound />
    </I18nProvider>
  );
}

function NotFound() {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8">
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <h1 className="font-bold text-2xl">{t('foundPet.notFoundHeading')}</h1>
        <p className="text-muted-foreground">{t('foundPet.notFound')}</p>
        <Button asChild>
          <a href={FOUND_PATH}>{t('found.title')}</a>
        </Button>
      </div>
      <HomeFooter />
    </div>
  );
}

/** The status words of a closed report; undefined for an open one. */
export function StatusNotice({ report }: { report: Pick<PublicFoundReport, 'status' | 'shelterName'> }) {
  const { t } = useI18n();
  const status = foundStatus(report, t);
  if (!status) return null;
  return (
    <p role="status" className="rounded-md border border-primary bg-muted p-3 font-semibold">
      {status}
    </p>
  );
}

function FoundPet({ report, distanceKm, claim }: Omit<FoundPetViewProps, 'i18n'>) {
  const { t, lang } = useI18n();
  const cell = report.cellLat !== null && report.cellLng !== null ? { lat: report.cellLat, lng: report.cellLng } : null;
  const details: [string, string][] = [
    [t('foundPet.detailsColors'), colourNames(report.colors, lang, t)],
    [t('foundPet.detailsSize'), t(SIZE_KEYS[report.size])],
    ...(report.sex ? ([[t('foundPet.detailsSex'), t(SEX_KEYS[report.sex])]] as [string, string][]) : []),
    ...(report.marks ? ([[t('foundPet.detailsMarks'), report.marks]] as [string, string][]) : []),
    [t('foundPet.detailsFound'), dayInWords(report.foundAt, lang)],
    // Where the pet is now, while the report is open; once closed, where it was last said to be
    // (the shelter's name is where to ask); once home, nothing: the status says so.
    ...(report.status === 'reunited'
      ? []
      : ([
          [
            t(report.status === 'open' ? 'foundPet.detailsNow' : 'foundPet.detailsLastKnown'),
            report.whereNow === 'shelter' && report.shelterName
              ? t('foundPet.shelterNamed', { name: report.shelterName })
              : // The finder answered 'With me'; a reader is told whose that 'me' is.
                report.whereNow === 'finder'
                ? t('foundPet.nowFinderPublic')
                : t(WHERE_NOW_KEYS[report.whereNow]),
          ],
        ] as [string, string][])),
  ];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-bold text-3xl">{foundHeading(report, t)}</h1>
        <StatusNotice report={report} />
      </header>

      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {report.photoUrls.map((url, index) => (
          <img
            key={url}
            src={`${url}&size=320`}
            srcSet={`${url}&size=320 320w, ${url} 800w`}
            sizes="(min-width: 640px) 220px, 100vw"
            alt={`${foundHeading(report, t)} (${t('foundPet.photo', { n: index + 1 })})`}
            className="aspect-square w-full rounded-lg object-cover"
          />
        ))}
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {details.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
        <dt className="font-medium text-muted-foreground">{t('foundPet.detailsWhere')}</dt>
        <dd className="flex flex-col gap-1 break-words">
          {report.location && <span>{report.location}</span>}
          {cell && (
            <span>
              {t('foundPet.area', { latitude: cell.lat.toFixed(4), longitude: cell.lng.toFixed(4) })}{' '}
              <a
                className="underline"
                href={`https://www.openstreetmap.org/?mlat=${cell.lat}&mlon=${cell.lng}#map=16/${cell.lat}/${cell.lng}`}
              >
                {t('foundPet.areaMap')}
              </a>
            </span>
          )}
          {distanceKm !== undefined && <span>{t('foundPet.distance', { distance: kmInWords(distanceKm, lang) })}</span>}
        </dd>
      </dl>

      {claim && <ClaimSection reportId={report.id} claim={claim} />}

      <p className="text-muted-foreground text-sm">{t('foundPet.boardPrivacy')}</p>
      <HomeFooter />
    </div>
  );
}

function ClaimSection({ reportId, claim }: { reportId: string; claim: ClaimOffer }) {
  const { t } = useI18n();
  const { next } = claim;
  const claimed = claim.yours.length > 0;
  return (
    <section aria-labelledby="claim-title" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="claim-title" className="font-semibold text-xl">
        {t('foundPet.claimTitle')}
      </h2>
      {claim.claimedByOthers && <p>{t('foundPet.claimTaken')}</p>}
      {claim.yours.map((pet) => (
        <div key={pet.id} className="flex flex-col gap-3">
          <p role="status">{t('foundPet.claimDone', { name: pet.name })}</p>
          <Button asChild className="self-start">
            <a href={`/pet/${pet.id}`}>{t('foundPet.claimOpenProfile', { name: pet.name })}</a>
          </Button>
        </div>
      ))}
      {claim.refused.map((pet) => (
        <p key={pet.id}>{t('foundPet.claimRefused', { name: pet.name })}</p>
      ))}
      {claim.error && (
        <p role="alert" className="font-medium text-destructive">
          {claim.error}
        </p>
      )}
      {next?.kind === 'sign-in' && (
        <>
          <p>{t('foundPet.claimText')}</p>
          <Button asChild className="justify-self-start self-start">
            <a href={next.href}>{t('foundPet.claimSignIn')}</a>
          </Button>
        </>
      )}
      {next?.kind === 'none' && <p>{t('foundPet.claimNone')}</p>}
      {next?.kind === 'pick' && (
        <form method="post" action={`${foundPetPath(reportId)}/claim`} className="grid gap-3">
          <p>{t(claimed ? 'foundPet.claimAnother' : 'foundPet.claimText')}</p>
          <div className="grid gap-2">
            <Label htmlFor="claim-pet">{t('foundPet.claimPet')}</Label>
            <select
              id="claim-pet"
              name="petId"
              required
              className="h-10 w-full rounded-md border border-input bg-background px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {next.pets.map((pet) => (
                <option key={pet.id} value={pet.id}>
                  {pet.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="claim-message">{t('foundPet.claimMessage')}</Label>
            <Textarea
              id="claim-message"
              name="message"
              maxLength={2000}
              rows={3}
              defaultValue={t('foundPet.claimDefaultMessage')}
            />
          </div>
          <Button type="submit" className="justify-self-start">
            <Heart aria-hidden="true" />
            {t('foundPet.claimSubmit')}
          </Button>
        </form>
      )}
    </section>
  );
}

export interface FoundPetsBoardViewProps {
  i18n: FinderI18n;
  km: number;
  point?: { lat: number; lng: number };
  reports: NearbyFoundReport[];
  /** Why the address's point could not be read, in the visitor's words. */
  problem?: string;
}

/** /found-pets: the open found reports near a place, newest first. */
export function FoundPetsBoardView({ i18n, ...board }: FoundPetsBoardViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <FoundPetsBoard {...board} />
    </I18nProvider>
  );
}

function FoundPetsBoard({ km, point, reports, problem }: Omit<FoundPetsBoardViewProps, 'i18n'>) {
  const { t, lang } = useI18n();
  const from = point && `?lat=${point.lat}&lng=${point.lng}`;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-bold text-3xl">{t('foundPet.boardTitle')}</h1>
        <p className="text-muted-foreground">{t('foundPet.boardIntro')}</p>
      </header>
      {problem && (
        <p role="alert" className="font-medium text-destructive">
          {problem}
        </p>
      )}
      {!point && !problem && <p>{t('foundPet.boardNoPoint')}</p>}
      {/* Without a point, the way to choose one: the lost-pets board, whose map and position lead back here. */}
      {!point && (
        <p>
          <a className="font-medium underline" href="/lost">
            {t('foundPet.boardChoosePlace')}
          </a>
        </p>
      )}
      {point && reports.length === 0 && <p>{t('foundPet.boardNone', { km })}</p>}
      {reports.length > 0 && (
        <section aria-labelledby="found-list" className="flex flex-col gap-3">
          <h2 id="found-list" className="font-semibold">
            {t('foundPet.boardList', { km })}
          </h2>
          <ul className="flex flex-col gap-2">
            {reports.map((report) => (
              <li key={report.id}>
                <a
                  href={`${foundPetPath(report.id)}${from ?? ''}`}
                  className="flex items-center gap-3 rounded-lg border bg-card p-2 text-sm hover:bg-muted"
                >
                  {report.photoUrls[0] ? (
                    <img
                      src={`${report.photoUrls[0]}&size=160`}
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      className="size-16 rounded-md object-cover"
                    />
                  ) : (
                    <PawPrint aria-hidden="true" className="size-16" />
                  )}
                  <span className="flex flex-col">
                    <b className="text-base">{foundHeading(report, t)}</b>
                    <small className="text-muted-foreground text-sm">
                      {colourNames(report.colors, lang, t)} · {t(SIZE_KEYS[report.size])}
                    </small>
                    {t('foundPet.boardLine', {
                      date: dayInWords(report.foundAt, lang),
                      distance: kmInWords(report.distanceKm, lang),
                    })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="text-muted-foreground text-sm">{t('foundPet.boardPrivacy')}</p>
      <HomeFooter />
    </div>
  );
}
