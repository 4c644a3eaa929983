import type { Reminder } from '../schema';

/** A reminder as its pet's owners receive it: whose it is stays on the server, the time is ISO text. */
export type ReminderView = Omit<Reminder, 'userId' | 'createdAt'> & { createdAt: string };
