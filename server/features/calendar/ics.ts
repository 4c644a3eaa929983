// A small iCalendar (RFC 5545) writer: just what a subscribed feed of all-day events needs.

export interface AllDayEvent {
  uid: string;
  /** The day, as yyyy-mm-dd. */
  date: string;
  summary: string;
  description: string;
  category: string;
  url?: string;
}

export interface Calendar {
  name: string;
  /** How often subscribers should fetch the feed again, as an ISO 8601 duration. */
  refreshInterval: string;
  events: AllDayEvent[];
}

const MAX_LINE_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and line breaks; other control characters are not allowed. */
export function escapeText(value: string) {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]/gu, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a UTF-8 character. */
export function foldLine(line: string) {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = Buffer.byteLength(char);
    if (size + octets > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space counts
    }
    current += char;
    size += octets;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (day: string) => day.replaceAll('-', '');

function nextDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** UTC date-time form: 20250101T093000Z. */
const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function eventLines(event: AllDayEvent, stamp: string) {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
    `DTEND;VALUE=DATE:${compactDate(nextDay(event.date))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `CATEGORIES:${escapeText(event.category)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    // An all-day event should not make the day look busy.
    'TRANSP:TRANSPARENT',
    // A nudge at 9:00 on the day, in the subscriber's own time zone.
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(event.summary)}`,
    'TRIGGER:PT9H',
    'END:VALARM',
    'END:VEVENT',
  ];
}

export function renderCalendar(calendar: Calendar, now = new Date()) {
  const stamp = utcStamp(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Homeward//Care reminders//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
    `X-PUBLISHED-TTL:${calendar.refreshInterval}`,
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
