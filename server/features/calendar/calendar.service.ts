import ical, { ICalAlarmRelatesTo, ICalAlarmType, ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import * as repository from './calendar.repository';

const TYPE_LABELS: Record<string, string> = {
  vaccine: 'Vaccine',
  medication: 'Medication',
  grooming: 'Grooming',
  'vet-visit': 'Vet visit',
};

// Subscribers are asked to fetch the feed again every six hours.
const REFRESH_SECONDS = 6 * 3600;
// A nudge at 9:00 on the day, in the subscriber's own time zone.
const ALARM_AFTER_START_SECONDS = 9 * 3600;
const DAY_MS = 86_400_000;

// iCalendar text may hold no control character but the tab; a reminder's text may (a pasted bell).
// Unicode's line and paragraph separators are line breaks too, written as iCalendar writes one:
// some parsers take them, unescaped, for the end of the line and lose what follows.
const printable = (text: string) => text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/[^\P{Cc}\t\n]/gu, '');

// A calendar holds at least one component (RFC 5545 section 3.6), and a feed with no reminder
// pending has no event: it carries UTC's time zone, a component no calendar shows. The events are
// all-day dates and name no zone, so the owner's zone would be no truer, and UTC needs no rules.
// ical-generator writes a zone for the calendar only with X-WR-TIMEZONE (a default zone for the
// subscriber's calendar, not ours to set) and before properties that must precede every component.
const UTC_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:UTC',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0000',
  'TZNAME:UTC',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The owner's private calendar feed: whether there is one, and its address right after it is made. */
export interface CalendarFeed {
  active: boolean;
  url: string | null;
}

export function createCalendarService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const feedUrl = (token: string) => `${publicUrl}/api/calendar/${token}.ics`;
  const host = new URL(publicUrl).hostname;

  return {
    /**
     * Whether the owner has a feed. Its address is not known any more: only its token's hash is
     * stored (a copy of the database opens no feed), so the address shows once, when it is made.
     */
    async currentFeed(userId: string): Promise<CalendarFeed> {
      return { active: await repository.hasCalendarToken(db, userId), url: null };
    },

    /** Creates the owner's private feed address, or replaces it so that the old one stops working. */
    async rotateFeedToken(userId: string): Promise<CalendarFeed> {
      const { token, hash } = newSecretToken();
      await repository.saveCalendarTokenHash(db, userId, hash);
      return { active: true, url: feedUrl(token) };
    },

    revokeFeedToken: (userId: string) => repository.saveCalendarTokenHash(db, userId, null),

    /** The pending reminders as iCalendar text; an unknown or revoked token is not found. */
    async renderFeed(token: string) {
      const userId = await repository.findUserIdByCalendarTokenHash(db, hashSecretToken(token));
      if (!userId) throw notFound('Calendar');
      const calendar = ical({
        name: 'Homeward reminders',
        prodId: { company: 'Homeward', product: 'Care reminders', language: 'EN' },
        scale: 'gregorian',
        method: ICalCalendarMethod.PUBLISH,
        ttl: REFRESH_SECONDS,
      });
      for (const reminder of await repository.listPendingReminders(db, userId)) {
        const label = TYPE_LABELS[reminder.type] ?? reminder.type;
        const summary = printable(`${reminder.title} — ${reminder.petName}`);
        const day = new Date(`${reminder.dueDate}T00:00:00Z`);
        const event = calendar.createEvent({
          id: `${reminder.id}@${host}`,
          allDay: true,
          start: day,
          end: new Date(day.getTime() + DAY_MS),
          // Each edit raises them, so a subscribed calendar takes the edited event over its copy.
          sequence: reminder.revision,
          created: reminder.createdAt,
          lastModified: reminder.updatedAt,
          summary,
          description: printable(reminder.description || `${label} reminder for ${reminder.petName}`),
          categories: [{ name: reminder.type }],
          url: `${publicUrl}/reminders?pet=${reminder.petId}`,
          // An all-day event should not make the day look busy.
          transparency: ICalEventTransparency.TRANSPARENT,
        });
        // Through the setter: ical-generator 10 ignores `relatesTo` among an alarm's creation data.
        event
          .createAlarm({ type: ICalAlarmType.display, triggerAfter: ALARM_AFTER_START_SECONDS, description: summary })
          .relatesTo(ICalAlarmRelatesTo.start);
      }
      const written = calendar.toString();
      const text = calendar.events().length
        ? written
        : written.replace(/END:VCALENDAR$/, `${UTC_TIMEZONE}\r\nEND:VCALENDAR`);
      // Every content line ends with CRLF (RFC 5545 section 3.1), the last one included.
      return `${text}\r\n`;
    },
  };
}
