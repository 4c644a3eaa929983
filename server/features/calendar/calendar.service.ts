import crypto from 'node:crypto';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import * as repository from './calendar.repository';
import { renderCalendar } from './ics';

// 32 random bytes, base64url: 43 characters that are safe in a path.
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const TYPE_LABELS: Record<string, string> = {
  vaccine: 'Vaccine',
  medication: 'Medication',
  grooming: 'Grooming',
  'vet-visit': 'Vet visit',
};

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

export async function currentFeedUrl(db: Db, publicUrl: string, userId: string) {
  const token = await repository.findCalendarToken(db, userId);
  return token ? feedUrl(publicUrl, token) : null;
}

/** Creates the owner's private feed address, or replaces it so that the old one stops working. */
export async function rotateFeedToken(db: Db, publicUrl: string, userId: string) {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  await repository.saveCalendarToken(db, userId, token);
  return feedUrl(publicUrl, token);
}

export const revokeFeedToken = (db: Db, userId: string) => repository.saveCalendarToken(db, userId, null);

/** The owner's pending reminders as iCalendar text; an unknown or revoked token is simply not found. */
export async function renderFeed(db: Db, publicUrl: string, token: string) {
  const userId = TOKEN_SHAPE.test(token) ? await repository.findUserIdByCalendarToken(db, token) : undefined;
  if (!userId) throw notFound('Calendar');
  const host = new URL(publicUrl).hostname;
  const pending = await repository.listPendingReminders(db, userId);
  return renderCalendar({
    name: 'Homeward reminders',
    refreshInterval: 'PT6H',
    events: pending.map((reminder) => {
      const label = TYPE_LABELS[reminder.type] ?? reminder.type;
      return {
        uid: `${reminder.id}@${host}`,
        date: reminder.dueDate,
        summary: `${reminder.title} — ${reminder.petName}`,
        description: reminder.description || `${label} reminder for ${reminder.petName}`,
        category: reminder.type,
        url: `${publicUrl}/reminders?pet=${reminder.petId}`,
      };
    }),
  });
}
