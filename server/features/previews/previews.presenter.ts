import type { Language } from '../../../shared/i18n/languages';
import { escapeAttribute } from '../../client-assets';
import { shortened } from '../../lib/one-line';
import type { PetPreviewWords } from './pet-preview-words';
import { CARD_HEIGHT, CARD_TYPE, CARD_WIDTH } from './preview-card';

/** Unfurlers show about two lines; a longer description is cut by them anyway, mid-word. */
const MAX_DESCRIPTION = 300;

/** A pet's description for its page and its preview, as unfurlers show it. */
export const previewDescription = (words: PetPreviewWords) => shortened(words.description, MAX_DESCRIPTION);

/** The app's icon (client/public/icons), the image of a page about many pets. */
export const SITE_ICON = '/icons/icon-512.png';
const SITE_ICON_SIZE = 512;

/**
 * Each language as Open Graph names a locale (language_TERRITORY): where the words are read most.
 * Our Portuguese is Brazil's ('contato', 'tutor'), our Chinese the mainland's.
 */
const OG_LOCALES: Record<Language, string> = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  pt: 'pt_BR',
  'zh-Hans': 'zh_CN',
};

/** A page's words for its preview, and the language they are in. */
export interface PreviewWords {
  title: string;
  description: string;
  lang: Language;
}

type MetaTag = [attribute: 'property' | 'name', key: string, value: string];

const metaTags = (tags: MetaTag[]) =>
  // Pet names and places are anyone's text: every value goes into an attribute, quotes included.
  tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`).join('');

/** A page's Open Graph and Twitter card tags, its card image drawn by the server (1200×630). */
function cardTags({
  title,
  description,
  lang,
  alt,
  pageUrl,
  cardUrl,
}: PreviewWords & Record<'alt' | 'pageUrl' | 'cardUrl', string>) {
  return metaTags([
    ['property', 'og:site_name', 'Homeward'],
    ['property', 'og:type', 'website'],
    ['property', 'og:locale', OG_LOCALES[lang]],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', cardUrl],
    ['property', 'og:image:type', CARD_TYPE],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', cardUrl],
    ['name', 'twitter:image:alt', alt],
  ]);
}

/**
 * The Open Graph and Twitter card tags of a pet's scan page, in the page's language: what a chat
 * app or a social network shows when the link is pasted. `cardUrl` and `pageUrl` are absolute: an
 * unfurler resolves nothing.
 */
export const presentPreviewTags = (
  words: PetPreviewWords,
  lang: Language,
  urls: { pageUrl: string; cardUrl: string },
) => cardTags({ title: words.title, description: previewDescription(words), lang, alt: words.alt, ...urls });

/**
 * The tags of a page about many pets (the lost-pets board, the found pets', /found): its heading and
 * introduction in the page's language, and Homeward's icon as a small card (`summary`), since no
 * one pet stands for the page.
 */
export const presentSiteTags = (words: PreviewWords, urls: { pageUrl: string; iconUrl: string }) =>
  // The tags unfurlers need and no more: X reads og: where its own are absent, and a board of 50
  // pets keeps within its 40 KB.
  metaTags([
    ['property', 'og:locale', OG_LOCALES[words.lang]],
    ['property', 'og:title', words.title],
    ['property', 'og:description', words.description],
    ['property', 'og:url', urls.pageUrl],
    ['property', 'og:image', urls.iconUrl],
    ['property', 'og:image:width', String(SITE_ICON_SIZE)],
    ['property', 'og:image:height', String(SITE_ICON_SIZE)],
    ['name', 'twitter:card', 'summary'],
  ]);

/** The tags of a found pet's page, its title and description in the page's own words. */
export const presentFoundPreviewTags = (words: PreviewWords, urls: { pageUrl: string; cardUrl: string }) =>
  cardTags({ ...words, description: shortened(words.description, MAX_DESCRIPTION), alt: words.title, ...urls });
