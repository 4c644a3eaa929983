import type { Reminder } from '../schema';

/**
 * A reminder as its pet's owners receive it: whose it is and the calendar feed's edit marks stay on
 * the server, the time is ISO text.
 */
export type ReminderView = Omit<Reminder, 'userId' | 'createdAt' | 'revision' | 'updatedAt'> & { createdAt: string };
