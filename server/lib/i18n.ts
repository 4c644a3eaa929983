import type { RequestHandler } from 'express';
import i18next from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  languageFromAcceptLanguage,
  supportedLanguage,
} from '../../shared/i18n/languages';
import { TRANSLATIONS } from '../../shared/i18n/resources';
import type { Namespace, PageStrings, StringKey, Translate, Values } from '../../shared/i18n/strings';

// The finder's pages and e-mails in the finder's language (see docs/decisions/, 'The finder's
// language'). i18next holds every language's words on the server; a page's script gets only its
// own language's, from the page.

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: TRANSLATIONS[language] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Language codes as we write them ('zh-Hans'), never reduced to 'zh'.
  load: 'currentOnly',
  // React escapes what it renders and an e-mail is plain text: nothing is HTML here.
  interpolation: { escapeValue: false },
  // Resources are in memory: ready before this module's first caller.
  initAsync: false,
});

/** The words of one language, by key: `t('scan.callOwner')`. */
export function translator(language: Language): Translate {
  const t = i18n.getFixedT(language);
  return (key: StringKey, values?: Values) => t(key, values ?? {});
}

/** What a page's script needs of its language: the namespaces it renders, nothing more. */
export function pageStrings(language: Language, namespaces: Namespace[]): PageStrings {
  const words = TRANSLATIONS[language];
  return { lang: language, strings: Object.fromEntries(namespaces.map((namespace) => [namespace, words[namespace]])) };
}

/** The cookie the language switch leaves, so that the finder's next page is in the same language. */
const LANGUAGE_COOKIE = 'homeward.lang';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** What the language of a request is read from, whatever its validated params and body. */
export interface LanguageRequest {
  get(header: string): string | undefined;
  originalUrl?: string;
  query?: unknown;
}

// Read from the address itself: a route's validated query keeps only the keys its schema names,
// and `lang` is every page's (the /lost board's schema dropped it, and the page followed the
// cookie the switch had left the time before).
const queryLanguage = (req: LanguageRequest) =>
  supportedLanguage(
    req.originalUrl === undefined
      ? (req.query as { lang?: unknown } | undefined)?.lang
      : new URL(req.originalUrl, 'http://localhost').searchParams.get('lang'),
  );

const cookieLanguage = (req: LanguageRequest) =>
  supportedLanguage(
    req
      .get('cookie')
      ?.split(';')
      .map((pair) => pair.trim().split('='))
      .find(([name]) => name === LANGUAGE_COOKIE)?.[1],
  );

/** The language the finder chose on the switch: this request's `?lang=`, else their cookie. */
export const chosenLanguage = (req: LanguageRequest): Language | undefined => queryLanguage(req) ?? cookieLanguage(req);

/** The language for this request: the finder's choice, else their browser's, else English. */
export const requestLanguage = (req: LanguageRequest): Language =>
  chosenLanguage(req) ?? languageFromAcceptLanguage(req.get('accept-language')) ?? DEFAULT_LANGUAGE;

/**
 * On the finder's pages: a `?lang=` the switch sent is kept in a cookie for the pages after, and
 * caches are told the page varies with the browser's languages and that cookie. An unknown value
 * is ignored (English, or whatever was chosen before), never an error.
 */
export const finderLanguage: RequestHandler = (req, res, next) => {
  res.vary('Accept-Language').vary('Cookie');
  const asked = queryLanguage(req);
  if (asked) res.cookie(LANGUAGE_COOKIE, asked, { maxAge: ONE_YEAR_MS, sameSite: 'lax', httpOnly: true, path: '/' });
  next();
};
