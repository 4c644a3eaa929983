import crypto from 'node:crypto';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import * as repository from './calendar.repository';
import { TOKEN_BYTES } from './calendar.schemas';
import { renderCalendar } from './ics';

const TYPE_LABELS: Record<string, string> = {
  vaccine: 'Vaccine',
  medication: 'Medication',
  grooming: 'Grooming',
  'vet-visit': 'Vet visit',
};

export function createCalendarService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const feedUrl = (token: string) => `${publicUrl}/api/calendar/${token}.ics`;
  const host = new URL(publicUrl).hostname;

  return {
    async currentFeedUrl(userId: string) {
      const token = await repository.findCalendarToken(db, userId);
      return token ? feedUrl(token) : null;
    },

    /** Creates the owner's private feed address, or replaces it so that the old one stops working. */
    async rotateFeedToken(userId: string) {
      const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      await repository.saveCalendarToken(db, userId, token);
      return feedUrl(token);
    },

    revokeFeedToken: (userId: string) => repository.saveCalendarToken(db, userId, null),

    /** The pending reminders as iCalendar text; an unknown or revoked token is not found. */
    async renderFeed(token: string) {
      const userId = await repository.findUserIdByCalendarToken(db, token);
      if (!userId) throw notFound('Calendar');
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
    },
  };
}
