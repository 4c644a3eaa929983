import { LOST_BOARD_RADII_KM, type LostPet } from '@shared/contracts/places';
import { sightingFormPath } from '@shared/contracts/sightings';
import { speciesName } from '@shared/i18n/species';
import type { Translate } from '@shared/i18n/strings';
import {
  LOST_MAP_CLASSES,
  LOST_MAP_ID,
  LOST_MAP_LOCATE_ID,
  LOST_MAP_PROBLEM_ID,
  LOST_MAP_SEARCH_HERE_ID,
} from '@shared/lost-map';
import { PawPrint } from 'lucide-react';
import { CoordinateFields } from '@/components/coordinate-fields';
import { HomeFooter } from '@/components/home-footer';
import { ScriptedWords } from '@/components/scripted-words';
import { Button } from '@/components/ui/button';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';

// The /lost page: rendered by the server only, a list and a plain form that work without any script
// (a link from a poster or an e-mail opens it anywhere). With scripts, a map is drawn into the
// element #lost-map, which reads the searched point from its data attributes and each pet's from
// its list item's, and the buttons beside it are enabled. Keep it free of browser-only APIs and state, and small: 50 pets fit in 40 KB.

export const LOST_PATH = '/lost';

export interface LostBoardViewProps {
  i18n: FinderI18n;
  /** The radius searched (or to search, without a point). */
  km: number;
  /** The point searched; absent when none was given or it could not be read. */
  point?: { lat: number; lng: number };
  pets: LostPet[];
  /** Why the address's point could not be read ('the latitude must be…'), in the visitor's words. */
  problem?: string;
  /** What was typed for a point that could not be read: given back to mend, the numbers shown. */
  typed?: { lat: string; lng: string };
  /** The server's day (yyyy-mm-dd, UTC) that "2 days ago" counts from. */
  today: string;
}

export function LostBoardView({ i18n, ...board }: LostBoardViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <LostBoard {...board} />
    </I18nProvider>
  );
}

const DAY_MS = 86_400_000;

// Each entry: a link holding the photo (or a paw on a plain square), the name in bold, the species
// or breed in muted small type, and when and how far.
const ITEM_STYLES = [
  'flex flex-col gap-2',
  '[&_a]:flex [&_a]:items-center [&_a]:gap-3 [&_a]:rounded-lg [&_a]:border [&_a]:bg-card [&_a]:p-2 [&_a]:text-sm [&_a:hover]:bg-muted',
  '[&_img]:size-16 [&_img]:rounded-md [&_img]:object-cover',
  '[&_i]:flex [&_i]:size-16 [&_i]:shrink-0 [&_i]:items-center [&_i]:justify-center [&_i]:rounded-md [&_i]:bg-muted',
  '[&_a>span]:flex [&_a>span]:flex-col [&_b]:text-base [&_small]:text-muted-foreground [&_small]:text-sm',
  // 'I Saw This Pet', under each card: a plain link to the sighting form (works without scripts).
  '[&_a+a]:mt-1 [&_a+a]:w-fit [&_a+a]:border-0 [&_a+a]:bg-transparent [&_a+a]:p-1 [&_a+a]:font-medium [&_a+a]:underline',
].join(' ');

/** Whole days from a last-seen date to `today`, when the date starts with a day (the dialog's yyyy-mm-dd). */
function daysSince(lastSeenDate: string | null, today: string): number | undefined {
  const day = lastSeenDate && /^\d{4}-\d{2}-\d{2}/.exec(lastSeenDate)?.[0];
  if (!day) return undefined;
  const days = Math.round((Date.parse(today) - Date.parse(day)) / DAY_MS);
  return Number.isNaN(days) || days < 0 ? undefined : days;
}

/** 'Last seen 2 days ago, about 1.2 km away', in the visitor's language and number format. */
function lastSeenLine(pet: LostPet, today: string, t: Translate, lang: string) {
  // A pet in the visitor's own cell is 'about 0.1 km away', never 'about 0 km': the cell is ~280 m wide.
  const distance = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(Math.max(pet.distanceKm, 0.1));
  const days = daysSince(pet.lastSeenDate, today);
  if (days === undefined) return t('lost.distanceOnly', { distance });
  if (days === 0) return t('lost.lastSeenToday', { distance });
  if (days === 1) return t('lost.lastSeenYesterday', { distance });
  return t('lost.lastSeenDaysAgo', { days, distance });
}

const FIELD =
  'h-10 rounded-md border border-input bg-background px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function LostBoard({ km, point, pets, problem, typed, today }: Omit<LostBoardViewProps, 'i18n'>) {
  const { t, lang } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-bold text-3xl">{t('lost.title')}</h1>
        <p className="text-muted-foreground">{t('lost.description')}</p>
      </header>

      <form method="get" action={LOST_PATH} className="flex flex-wrap items-end gap-3">
        {/* The place in numbers: the way in without a map, a phone's position or scripts. Folded, it
            still carries the point shown when only the distance changes. */}
        <CoordinateFields
          id="lost"
          className="basis-full"
          hint={t('lost.coordinatesHint')}
          values={typed ?? point}
          open={Boolean(typed)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="lost-km" className="font-medium text-sm">
            {t('lost.radius')}
          </label>
          <select id="lost-km" name="km" defaultValue={km} className={FIELD}>
            {LOST_BOARD_RADII_KM.map((radius) => (
              <option key={radius} value={radius}>
                {t('lost.radiusOption', { km: radius })}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t('lost.submit')}</Button>
      </form>

      {/* Without scripts, only the numbers typed above work: no map and no phone's position. */}
      {problem && (
        <p role="alert" className="font-medium text-destructive">
          <ScriptedWords
            withScripts={t('lost.badPoint', { reason: problem })}
            withoutScripts={t('lost.badPointTyped', { reason: problem })}
          />
        </p>
      )}
      {!point && !problem && (
        <p>
          <ScriptedWords withScripts={t('lost.noPoint')} withoutScripts={t('lost.noPointTyped')} />
        </p>
      )}

      {/* With scripts, the map (lost-main.ts) draws into #lost-map and brings its buttons to life. Its
          place is kept from the first paint, so nothing moves when it comes; without scripts none of
          it shows. */}
      <div className="flex flex-col gap-3 noscript:hidden">
        <p className={LOST_MAP_CLASSES.hint}>{t('lostMap.hint')}</p>
        <div
          id={LOST_MAP_ID}
          className="h-72 rounded-md border bg-muted"
          {...(point && { 'data-lat': point.lat, 'data-lng': point.lng, 'data-km': km })}
        />
        <div className={LOST_MAP_CLASSES.controls}>
          <button type="button" id={LOST_MAP_LOCATE_ID} className={LOST_MAP_CLASSES.button} disabled>
            {t('lostMap.useMyPosition')}
          </button>
          <button type="button" id={LOST_MAP_SEARCH_HERE_ID} className={LOST_MAP_CLASSES.button} disabled>
            {t('lostMap.searchHere')}
          </button>
        </div>
        {/* Read out as soon as the phone's position cannot be used. */}
        <p id={LOST_MAP_PROBLEM_ID} className={LOST_MAP_CLASSES.problem} aria-live="assertive" />
      </div>

      {point && pets.length === 0 && <p>{t('lost.noneNear', { km })}</p>}
      {pets.length > 0 && (
        <section aria-labelledby="lost-list" className="flex flex-col gap-3">
          <h2 id="lost-list" className="font-semibold">
            {t('lost.found', { km })}
          </h2>
          {/* Styled once here rather than on each of up to 50 items: the page stays within its 40 KB. */}
          <ul className={ITEM_STYLES}>
            {pets.map((pet, index) => (
              <li key={pet.id} data-pet-id={pet.id} data-lat={pet.lat} data-lng={pet.lng}>
                <a href={`/scan/${pet.id}`}>
                  {pet.photoUrl ? (
                    <img src={pet.photoUrl} alt="" width={64} height={64} loading="lazy" />
                  ) : (
                    <i>
                      <PawPrint aria-hidden="true" />
                    </i>
                  )}
                  <span>
                    <b id={`n${index}`}>{pet.name}</b>
                    <small>{pet.breed || speciesName(pet.species, t)}</small>
                    {lastSeenLine(pet, today, t, lang)}
                  </span>
                </a>
                {/* Described by the pet's name: fifty links of the same words, each says which pet. The
                    name's id is its place in the list: fifty ids of 38 characters were 3 KB. */}
                <a href={sightingFormPath(pet.id)} data-sighting-dialog={pet.name} aria-describedby={`n${index}`}>
                  {t('sighting.button')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {point && (
        <p>
          <a className="font-medium underline" href={`/found-pets?lat=${point.lat}&lng=${point.lng}&km=${km}`}>
            {t('foundPet.boardFromLost')}
          </a>
        </p>
      )}
      <p className="text-muted-foreground text-sm">{t('lost.privacy')}</p>
      {/* The app's Watch My Area, around the searched point when there is one (a visitor signs in first). */}
      <p className="text-sm">
        {t('lost.watchPrompt')}{' '}
        <a
          className="font-medium underline"
          href={
            point
              ? `/watch-areas?${new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) })}`
              : '/watch-areas'
          }
        >
          {t('lost.watchLink')}
        </a>
      </p>

      <HomeFooter />
    </div>
  );
}
