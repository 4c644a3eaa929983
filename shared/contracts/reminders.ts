import type { Reminder } from '../schema';

/**
 * A reminder as its pet's owners receive it: whose it is and the calendar feed's edit marks stay on
 * the server, the time is ISO text.
 */
export type ReminderView = Omit<Reminder, 'userId' | 'createdAt' | 'revision' | 'updatedAt'> & {
  createdAt: string;
  /**
   * The pets it may move to, when they are fewer than the reader's own: someone else's reminder
   * moves only among the pets its creator also looks after. Null: any pet of the reader's.
   */
  petChoices: string[] | null;
};
