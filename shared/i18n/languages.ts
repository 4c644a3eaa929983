// The languages a finder reads Homeward's finder pages and e-mails in, and how one is chosen from
// what a browser asks for. English is the default and the fallback.

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'zh-Hans'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The language of what owners read: their screens, e-mails and alerts (docs/decisions, 'The
 * finder's language'). Owners have no language of their own yet; words an owner reads that are
 * kept as facts (a match's reasons) are worded in this.
 */
export const OWNERS_LANGUAGE: Language = DEFAULT_LANGUAGE;

/** Each language by its own name, as the language switch lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  'zh-Hans': '简体中文',
};

// Chinese as written in mainland China and Singapore; Traditional Chinese (Taiwan, Hong Kong,
// Macau, zh-Hant) is a different script we do not offer.
const SIMPLIFIED_CHINESE = /^zh(-hans(-.*)?|-cn|-sg)?$/;

/**
 * The language we offer for one BCP 47 tag ('pt-BR' is Portuguese, 'zh-CN' Simplified Chinese),
 * or undefined when we offer none.
 */
export function supportedLanguage(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return SIMPLIFIED_CHINESE.test(lower) ? 'zh-Hans' : undefined;
  const primary = lower.split('-')[0];
  return LANGUAGES.find((language) => language === primary);
}

/**
 * The first language we offer among an Accept-Language header's, by its quality values
 * ('fr;q=0.5, de' prefers German); undefined when it names none of ours.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranges = header.split(',').map((part, index) => {
    const [tag, ...params] = part.split(';');
    const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean);
    return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
  });
  const preferred = ranges
    .filter((range) => range.quality > 0 && !Number.isNaN(range.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of preferred) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return undefined;
}
