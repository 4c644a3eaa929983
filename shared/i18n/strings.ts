import type { en, Translation } from './en';
import type { Language } from './languages';

/** A plural's forms ('daysAfter_one', 'daysAfter_other') are asked for by their stem, with a `count`. */
type Stem<Key extends string> = Key extends `${infer Base}_${'one' | 'other'}` ? Base : Key;

/** A key of the finder's words: 'scan.callOwner'. */
export type StringKey = {
  [Namespace in keyof typeof en]: `${Namespace & string}.${Stem<keyof (typeof en)[Namespace] & string>}`;
}[keyof typeof en];

export type Namespace = keyof Translation;

/** Values put into a string's `{{placeholders}}`. */
export type Values = Record<string, string | number>;

export type Translate = (key: StringKey, values?: Values) => string;

/** Some of one language's words, as the server sends them to a page's script. */
export type PageStrings = { lang: Language; strings: Partial<Translation> };

/**
 * Looks a key up in one language's words and fills its `{{placeholders}}`, as i18next does on the
 * server with the same files (see server/lib/i18n.ts): the page's script reads the words the server
 * put in the page and needs nothing more than this, where i18next itself would add 16 KB (gzip) to
 * the finder's scan page.
 */
export function translateFrom(strings: Partial<Translation>): Translate {
  return (key, values = {}) => {
    const [namespace, name] = key.split('.') as [Namespace, string];
    const text = (strings[namespace] as Record<string, string> | undefined)?.[name] ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (placeholder, value: string) =>
      value in values ? String(values[value]) : placeholder,
    );
  };
}

/** The words of the scan page's components: the server's page carries them for its script. */
export const SCAN_PAGE_NAMESPACES: Namespace[] = ['common', 'scan', 'shareLocation'];

/**
 * Where the app's own scan page (a signed-in visitor's, who gets the app, not the server's page)
 * fetches them, with the not-found words, in the language the server's page would have used.
 */
export const FINDER_STRINGS_URL = '/api/finder-strings';
export const APP_SCAN_PAGE_NAMESPACES: Namespace[] = [...SCAN_PAGE_NAMESPACES, 'pages'];

/** Where a finder's page carries its words for its script. */
export const PAGE_STRINGS_ID = 'page-strings';

/** The page's words as a JSON script element; "<" cannot close it early. */
export const pageStringsScript = (page: PageStrings) =>
  `<script type="application/json" id="${PAGE_STRINGS_ID}">${JSON.stringify(page).replace(/</g, '\\u003c')}</script>`;

/** The words of the 'I Saw This Pet' dialog, which it fetches with its code (SIGHTING_STRINGS_URL). */
export const SIGHTING_DIALOG_NAMESPACES: Namespace[] = ['common', 'scan', 'sighting', 'lostMap'];
export const SIGHTING_STRINGS_URL = '/api/sighting-strings';
