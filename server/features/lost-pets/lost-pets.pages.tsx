import { Router } from 'express';
import { renderToString } from 'react-dom/server';
import type { z } from 'zod';
import { LostBoardView, type LostBoardViewProps } from '../../../client/src/features/lost/components/lost-board-view';
import {
  DEFAULT_LOST_BOARD_RADIUS_KM,
  LOST_BOARD_RADII_KM,
  type LostBoardQuery,
  lostBoardQuerySchema,
} from '../../../shared/contracts/places';
import { typedNumber } from '../../../shared/contracts/typed-number';
import { TRANSLATIONS } from '../../../shared/i18n/resources';
import type { StringKey } from '../../../shared/i18n/strings';
import { lostMapPopupSample, lostMapSettingsScript } from '../../../shared/lost-map';
import type { PageShell } from '../../client-assets';
import { sendPage } from '../../lib/html-page';
import { requestLanguage, translator } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { lostPetsSchemas as schemas } from './lost-pets.schemas';

type PageQuery = z.output<typeof schemas.page.query>;

// Why a point could not be read, by the first field the board's rule refused.
const PROBLEMS: Record<string, StringKey> = {
  lat: 'lost.reasonLatitude',
  lng: 'lost.reasonLongitude',
  km: 'lost.reasonRadius',
};

// A number as a person types it into the page's form ('45,52' too); anything else as it came, for the rule to refuse.
const asTyped = (value: unknown) => {
  const number = typeof value === 'string' ? typedNumber(value) : undefined;
  return number === undefined ? value : String(number);
};

/**
 * What the address asks the board for: a point (with its radius), no point at all (the visitor is
 * invited to give one), or something that cannot be read (said in words; the board shows no point).
 * The API's rule decides, so the page and GET /api/lost-pets accept the same addresses.
 */
function readQuery(query: PageQuery): { search?: LostBoardQuery; km: number; problem?: StringKey } {
  const parsed = lostBoardQuerySchema.safeParse({ ...query, lat: asTyped(query.lat), lng: asTyped(query.lng) });
  if (parsed.success) return { search: parsed.data, km: parsed.data.km };
  const km = LOST_BOARD_RADII_KM.find((radius) => String(radius) === query.km) ?? DEFAULT_LOST_BOARD_RADIUS_KM;
  const given = (value: unknown) => value !== undefined && value !== '';
  if (!given(query.lat) && !given(query.lng))
    return { km, problem: given(query.km) && km !== Number(query.km) ? 'lost.reasonRadius' : undefined };
  if (!given(query.lat) || !given(query.lng)) return { km, problem: 'lost.reasonMissing' };
  return { km, problem: PROBLEMS[String(parsed.error.issues[0].path[0])] ?? 'lost.reasonMissing' };
}

const renderBoard = (props: LostBoardViewProps) => `<main>${renderToString(<LostBoardView {...props} />)}</main>`;

/**
 * The board once for each of its branches (no point yet, a point that could not be read, no pets
 * near, pets with a photo and without), with what its map script adds: the rules these use are
 * the page's critical CSS (builtPageShell), inlined so that nothing holds up its first paint.
 */
export function lostBoardSamples(): string[] {
  const t = translator('en');
  const i18n = { lang: 'en' as const, t, switchable: true };
  const point = { lat: 51.5, lng: -0.12 };
  const pet = {
    id: '00000000-0000-4000-8000-000000000000',
    name: 'Sample',
    species: 'dog',
    breed: 'Labrador Retriever',
    distanceKm: 1.2,
    ...point,
    lastSeenDate: '2026-01-01',
    photoUrl: '/api/pets/00000000-0000-4000-8000-000000000000/photo?v=0&size=160',
  };
  const today = '2026-01-03';
  return [
    renderBoard({ i18n, km: DEFAULT_LOST_BOARD_RADIUS_KM, pets: [], today }),
    renderBoard({ i18n, km: DEFAULT_LOST_BOARD_RADIUS_KM, pets: [], problem: 'x', today }),
    renderBoard({ i18n, km: 5, point, pets: [], today }),
    renderBoard({
      i18n: { ...i18n, switchKeeps: { lat: '51.5', lng: '-0.12', km: '5' } },
      km: 5,
      point,
      pets: [pet, { ...pet, breed: null, photoUrl: null, lastSeenDate: null }],
      today,
    }),
    lostMapPopupSample(),
  ];
}

/**
 * `/lost`, the public board of missing pets near a place: rendered whole by the server, in the
 * visitor's language, signed in or out, so that it works without scripts from any link with a
 * point in it.
 */
export function lostPetsPages({ lostPets, config, previews }: Services, shell: PageShell) {
  const router = Router();

  router.get('/lost', validate(schemas.page), async (req, res) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    const { search, km, problem } = readQuery(req.query);
    const pets = search ? await lostPets.near(search) : [];
    const point = search && { lat: search.lat, lng: search.lng };
    sendPage(res, shell, {
      status: problem ? 400 : 200,
      lang,
      title: t('pages.lostTitle'),
      description: t('lost.description'),
      head: previews.siteTags({ title: t('lost.title'), description: t('lost.description'), lang }, req.originalUrl),
      // With scripts, a map of the listed pets (client/src/lost-main.ts), which says its words in the page's language.
      script: 'src/lost-main.ts',
      body:
        lostMapSettingsScript({ tiles: config.forBrowser().mapTiles, words: TRANSLATIONS[lang].lostMap }) +
        renderBoard({
          i18n: {
            lang,
            t,
            switchable: true,
            switchKeeps: point ? { lat: String(point.lat), lng: String(point.lng), km: String(km) } : undefined,
          },
          km,
          point,
          pets,
          problem: problem && t(problem),
          typed: problem ? { lat: String(req.query.lat ?? ''), lng: String(req.query.lng ?? '') } : undefined,
          today: new Date().toISOString().slice(0, 10),
        }),
    });
  });

  return router;
}
