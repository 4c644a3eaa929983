import { de } from './de';
import { en, type Translation } from './en';
import { es } from './es';
import { fr } from './fr';
import type { Language } from './languages';
import { pt } from './pt';
import { zhHans } from './zh-Hans';

/**
 * Every language's words. The server reads them all; a finder's page carries only its own
 * language's (see PageStrings), so none of these files is part of the client's scripts.
 */
export const TRANSLATIONS: Record<Language, Translation> = { en, es, fr, de, pt, 'zh-Hans': zhHans };
