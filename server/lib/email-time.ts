import { formatDateTime } from '../../shared/i18n/format';

/**
 * A moment in an owner's e-mail, in their time zone as their browser last told it, and named
 * ('Nov 23, 2026, 6:25 AM PST'); in UTC, saying so, when no browser of theirs has told one.
 */
export const ownerEmailTime = (moment: Date, timeZone: string | null = null) =>
  `${formatDateTime(moment, 'en', timeZone ?? 'UTC')} ${zoneName(moment, timeZone ?? 'UTC')}`;

// Intl writes no zone beside a date style: the zone's short name is asked for on its own.
const zoneName = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'short' })
    .formatToParts(moment)
    .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
