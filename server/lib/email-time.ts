import { formatDateTime } from '../../shared/i18n/format';
import type { Language } from '../../shared/i18n/languages';

/**
 * A moment in an e-mail, in a time zone an owner's browser last told, and named ('Nov 23, 2026,
 * 6:25 AM PST'); in UTC, saying so, when no browser has told one. In English, the owners'
 * language, unless `lang` says the reader's.
 */
export const emailTime = (moment: Date, timeZone: string | null = null, lang: Language = 'en') =>
  `${formatDateTime(moment, lang, timeZone ?? 'UTC')} ${zoneName(moment, timeZone ?? 'UTC', lang)}`;

// Intl writes no zone beside a date style: the zone's short name is asked for on its own.
const zoneName = (moment: Date, timeZone: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: 'short' })
    .formatToParts(moment)
    .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
