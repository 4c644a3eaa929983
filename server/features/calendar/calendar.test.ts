import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reminder, reminders, users } from '../../../shared/schema';
import { insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Reads a feed as a calendar app would: checks line endings and length, unfolds, splits properties. */
function parseCalendar(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  }
  const logical = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
  return logical.map((line): Property => {
    const colon = line.indexOf(':');
    const [name, ...params] = line.slice(0, colon).split(';');
    return {
      name,
      params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
      value: line.slice(colon + 1),
    };
  });
}

/** The VEVENTs of a parsed calendar, each as its properties by name (alarms left out). */
function eventsOf(properties: Property[]) {
  const events: Map<string, Property>[] = [];
  let current: Map<string, Property> | undefined;
  let inAlarm = false;
  for (const property of properties) {
    if (property.name === 'BEGIN' && property.value === 'VEVENT') current = new Map();
    else if (property.name === 'END' && property.value === 'VEVENT' && current) {
      events.push(current);
      current = undefined;
    } else if (property.name === 'BEGIN' && property.value === 'VALARM') inAlarm = true;
    else if (property.name === 'END' && property.value === 'VALARM') inAlarm = false;
    else if (current && !inAlarm) current.set(property.name, property);
  }
  return events;
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

async function ownerWithPet(petName = 'Biscuit') {
  const session = await signedInOwner(app);
  const pet = await insertPet(app.database.db, session.user.id, { name: petName });
  return { session, pet };
}

async function addReminder(session: Session, petId: string, overrides: Record<string, unknown> = {}) {
  const res = await session.post<Reminder>('/api/reminders', {
    petId,
    type: 'vaccine',
    title: 'Rabies booster',
    dueDate: '2030-03-15',
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function subscribe(session: Session) {
  const res = await session.post<{ url: string }>('/api/reminders/calendar-token');
  expect(res.status).toBe(200);
  return res.body.url;
}

/** Fetches the feed as a calendar app does: no cookies, no session. */
const fetchFeed = (url: string) => new Session(app.url).get(new URL(url).pathname);

describe('calendar address', () => {
  it('when signed out, then the address cannot be read, created or revoked', async () => {
    const visitor = new Session(app.url);
    expect((await visitor.get('/api/reminders/calendar-token')).status).toBe(401);
    expect((await visitor.post('/api/reminders/calendar-token')).status).toBe(401);
    expect((await visitor.delete('/api/reminders/calendar-token')).status).toBe(401);
  });

  it('when an owner has not subscribed, then there is no address', async () => {
    const { session } = await ownerWithPet();
    const res = await session.get('/api/reminders/calendar-token');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active: false, url: null });
  });

  it('when an owner creates the address, then it is a private .ics link, shown once: only its hash is stored', async () => {
    const { session } = await ownerWithPet();
    const url = await subscribe(session);
    expect(url).toMatch(new RegExp(`^${app.url}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await session.get('/api/reminders/calendar-token')).body).toEqual({ active: true, url: null });
    const token = url.slice(-47, -4);
    const [stored] = await app.database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(stored.calendarTokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it('when the address is reset, then the old one stops working and the new one works', async () => {
    const { session } = await ownerWithPet();
    const first = await subscribe(session);
    const second = await subscribe(session);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
  });

  it('when the feed is turned off, then its address answers 404 and none is shown', async () => {
    const { session } = await ownerWithPet();
    const url = await subscribe(session);
    expect((await session.delete('/api/reminders/calendar-token')).status).toBe(204);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await session.get('/api/reminders/calendar-token')).body).toEqual({ active: false, url: null });
  });

  it('when a token is unknown or malformed, then the feed answers 404', async () => {
    const visitor = new Session(app.url);
    for (const token of ['x'.repeat(43), 'short', '..%2F..%2Fetc', '']) {
      expect((await visitor.get(`/api/calendar/${token}.ics`)).status).toBe(404);
    }
  });
});

describe('calendar feed', () => {
  it('when fetched, then it is valid iCalendar with one all-day event per pending reminder', async () => {
    const { session, pet } = await ownerWithPet('Biscuit');
    const rabies = await addReminder(session, pet.id, { title: 'Rabies booster', dueDate: '2030-01-31' });
    const flea = await addReminder(session, pet.id, {
      type: 'medication',
      title: 'Flea tablet',
      dueDate: '2030-02-28',
    });
    const done = await addReminder(session, pet.id, { title: 'Old checkup' });
    await session.patch(`/api/reminders/${done.id}`, { isCompleted: true });
    const stranger = await ownerWithPet('Stranger');
    await addReminder(stranger.session, stranger.pet.id, { title: 'Not yours' });

    const res = await fetchFeed(await subscribe(session));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const properties = parseCalendar(res.text);
    expect(properties[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(properties.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
    const firstEvent = properties.findIndex((p) => p.name === 'BEGIN' && p.value === 'VEVENT');
    const header = new Map(properties.slice(0, firstEvent).map((p) => [p.name, p.value]));
    expect(header.get('VERSION')).toBe('2.0');
    expect(header.get('PRODID')).toBeTruthy();
    expect(header.get('CALSCALE')).toBe('GREGORIAN');
    expect(header.get('X-WR-CALNAME')).toBe('Homeward reminders');

    const events = eventsOf(properties);
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first.get('UID')?.value).toContain(rabies.id);
    expect(second.get('UID')?.value).toContain(flea.id);
    expect(first.get('SUMMARY')?.value).toBe('Rabies booster — Biscuit');
    expect(first.get('DTSTART')).toMatchObject({ params: { VALUE: 'DATE' }, value: '20300131' });
    expect(first.get('DTEND')).toMatchObject({ params: { VALUE: 'DATE' }, value: '20300201' });
    expect(second.get('DTEND')?.value).toBe('20300301');
    expect(first.get('DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
    expect(first.get('CATEGORIES')?.value).toBe('vaccine');
    expect(second.get('CATEGORIES')?.value).toBe('medication');
    expect(second.get('DESCRIPTION')?.value).toBeTruthy();
    expect(res.text).not.toContain('Not yours');
    expect(res.text).not.toContain('Old checkup');
  });

  it('when fetched twice, then each reminder keeps its UID', async () => {
    const { session, pet } = await ownerWithPet();
    await addReminder(session, pet.id);
    const url = await subscribe(session);
    const uids = async () => eventsOf(parseCalendar((await fetchFeed(url)).text)).map((e) => e.get('UID')?.value);
    expect(await uids()).toEqual(await uids());
  });

  it('when a title and description hold ; , \\ and line breaks, then they are escaped and read back intact', async () => {
    const { session, pet } = await ownerWithPet('Rex, the "Great"; Jr.');
    const title = 'Drops; 2 per eye, \\ twice';
    const description = `Line one; with, commas\nLine two \\ backslash\r\nLine three ${'é'.repeat(60)} 🐶`;
    await addReminder(session, pet.id, { title, description });
    const text = (await fetchFeed(await subscribe(session))).text;
    const [event] = eventsOf(parseCalendar(text));
    expect(unescapeText(event.get('SUMMARY')?.value ?? '')).toBe(`${title} — Rex, the "Great"; Jr.`);
    expect(unescapeText(event.get('DESCRIPTION')?.value ?? '')).toBe(description.replace(/\r\n/g, '\n'));
    expect(event.get('SUMMARY')?.value).toContain('Drops\\; 2 per eye\\, \\\\ twice');
  });

  it('when a reminder is completed, then it leaves the feed, and returns when unticked', async () => {
    const { session, pet } = await ownerWithPet();
    const reminder = await addReminder(session, pet.id);
    const url = await subscribe(session);
    await session.patch(`/api/reminders/${reminder.id}`, { isCompleted: true });
    expect(eventsOf(parseCalendar((await fetchFeed(url)).text))).toHaveLength(0);
    await session.patch(`/api/reminders/${reminder.id}`, { isCompleted: false });
    expect(eventsOf(parseCalendar((await fetchFeed(url)).text))).toHaveLength(1);
  });

  it('when a reminder is edited, then the feed shows its new title, pet and day under the same UID', async () => {
    const { session, pet } = await ownerWithPet();
    const pepper = await insertPet(app.database.db, session.user.id, { name: 'Pepper' });
    const reminder = await addReminder(session, pet.id);
    // Written yesterday: LAST-MODIFIED counts seconds, and the edit would otherwise fall in the same one.
    const yesterday = sql`now() - interval '1 day'`;
    await app.database.db
      .update(reminders)
      .set({ createdAt: yesterday, updatedAt: yesterday })
      .where(eq(reminders.id, reminder.id));
    const url = await subscribe(session);
    const [before] = eventsOf(parseCalendar((await fetchFeed(url)).text));
    const edit = { petId: pepper.id, type: 'grooming', title: 'Nail trim', description: '', dueDate: '2031-02-28' };
    expect((await session.patch(`/api/reminders/${reminder.id}`, edit)).status).toBe(200);

    const events = eventsOf(parseCalendar((await fetchFeed(url)).text));
    expect(events).toHaveLength(1);
    const [after] = events;
    expect(after.get('UID')?.value).toBe(before.get('UID')?.value);
    expect(after.get('SUMMARY')?.value).toBe('Nail trim — Pepper');
    expect(after.get('DTSTART')?.value).toBe('20310228');
    expect(after.get('DTEND')?.value).toBe('20310301');
    expect(after.get('CATEGORIES')?.value).toBe('grooming');
    // What tells a subscribed calendar that its copy is out of date.
    expect(before.get('SEQUENCE')?.value).toBe('0');
    expect(after.get('SEQUENCE')?.value).toBe('1');
    expect(after.get('CREATED')?.value).toBe(before.get('CREATED')?.value);
    expect(after.get('LAST-MODIFIED')?.value ?? '').toMatch(/^\d{8}T\d{6}Z$/);
    expect((after.get('LAST-MODIFIED')?.value ?? '') > (before.get('LAST-MODIFIED')?.value ?? '')).toBe(true);
  });

  it('when no reminder is pending, then the feed still holds a component, a UTC time zone, and no event', async () => {
    const { session } = await ownerWithPet();
    const text = (await fetchFeed(await subscribe(session))).text;
    parseCalendar(text);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.name).toBe('vcalendar');
    const components = calendar.getAllSubcomponents();
    expect(components.length).toBeGreaterThanOrEqual(1);
    expect(components.map((component) => component.name)).toEqual(['vtimezone']);
    const zone = new ICAL.Timezone(components[0]);
    expect(zone.tzid).toBe('UTC');
    expect(zone.utcOffset(ICAL.Time.fromDateTimeString('2030-07-01T12:00:00'))).toBe(0);
  });

  it('when an independent iCalendar parser reads the feed, then each pending reminder is an all-day event on its day with a 9:00 alarm', async () => {
    const { session, pet } = await ownerWithPet('Biscuit');
    const newYear = await addReminder(session, pet.id, { title: 'Worming; year end', dueDate: '2030-12-31' });
    const leap = await addReminder(session, pet.id, {
      type: 'grooming',
      title: 'Bath\u0007 time',
      description: 'Two lines\nof care\u2028on the day',
      dueDate: '2032-02-29',
    });

    const calendar = new ICAL.Component(ICAL.parse((await fetchFeed(await subscribe(session))).text));
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({
      vevent,
      event: new ICAL.Event(vevent),
    }));
    expect(events.map(({ event }) => event.uid.split('@')[0])).toEqual([newYear.id, leap.id]);
    const [first, second] = events;
    expect(first.event.startDate.isDate).toBe(true);
    expect(first.event.startDate.toString()).toBe('2030-12-31');
    expect(first.event.endDate.toString()).toBe('2031-01-01');
    expect(first.event.summary).toBe('Worming; year end — Biscuit');
    expect(second.event.startDate.toString()).toBe('2032-02-29');
    expect(second.event.endDate.toString()).toBe('2032-03-01');
    expect(second.event.summary).toBe('Bath time — Biscuit');
    expect(second.event.description).toBe('Two lines\nof care\non the day');
    expect(second.vevent.getFirstPropertyValue('categories')).toBe('grooming');
    const alarm = first.vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('PT9H');
    expect(alarm?.getFirstProperty('trigger')?.getParameter('related') ?? 'START').toBe('START');
  });
});
