import type { Language } from '@shared/i18n/languages';
import { PAGE_STRINGS_ID, type PageStrings, type Translate, translateFrom } from '@shared/i18n/strings';
import { createContext, type ReactNode, useContext } from 'react';

// The finder's pages (scan, Share Location, conversation, /found) in the finder's language. The
// server renders them with i18next and puts the words of that one language in the page; the page's
// script translates from those (see PageStrings), so no other language is ever downloaded.

export interface FinderI18n {
  lang: Language;
  t: Translate;
  /** Whether the page offers the language switch: the server-rendered pages do, the app's own routes do not. */
  switchable: boolean;
  /** What of the page's address the switch keeps besides the language (the thank-you's `sent`). */
  switchKeeps?: Record<string, string>;
}

const I18nContext = createContext<FinderI18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: FinderI18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useI18n(): FinderI18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('A finder page rendered outside its I18nProvider');
  return i18n;
}

/** A page's words as its components use them, with the switch (which reloads the page in another language). */
export const fromPageStrings = ({ lang, strings }: PageStrings): FinderI18n => ({
  lang,
  t: translateFrom(strings),
  switchable: true,
});

/** The words the server put in the page (`#page-strings`), read once by a page's entry. */
export function readPageStrings(): FinderI18n | undefined {
  const data = document.getElementById(PAGE_STRINGS_ID)?.textContent;
  if (!data) return undefined;
  try {
    return fromPageStrings(JSON.parse(data) as PageStrings);
  } catch {
    return undefined;
  }
}
