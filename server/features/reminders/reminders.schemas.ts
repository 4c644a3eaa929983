import { z } from 'zod';
import { insertReminderSchema } from '../../../shared/contracts/reminder-schema';
import { idParam } from '../../lib/validate';

const byId = z.object({ id: idParam('Reminder') });

/** What each reminders route accepts. */
export const remindersSchemas = {
  create: { body: insertReminderSchema },
  // The whole reminder (as the page sends it) or only the fields that change.
  update: { params: byId, body: insertReminderSchema.partial() },
  byId: { params: byId },
};

export type ReminderInput = z.output<typeof remindersSchemas.create.body>;
export type ReminderChanges = z.output<typeof remindersSchemas.update.body>;
