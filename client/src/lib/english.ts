import { en } from '@shared/i18n/en';
import { translateFrom } from '@shared/i18n/strings';
import type { FinderI18n } from './i18n';

/**
 * The finder's components inside the app (a signed-in visitor's scan page, a conversation the app
 * fetched): English, without the switch, which needs the server's pages. The finder's own entries
 * never import this: their words come with the page.
 */
export const ENGLISH: FinderI18n = { lang: 'en', t: translateFrom(en), switchable: false };
