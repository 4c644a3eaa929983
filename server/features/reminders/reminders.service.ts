import type { ReminderView } from '../../../shared/contracts/reminders';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../lib/errors';
import { isPetAccessible } from '../pets/pet-access';
import { presentReminder } from './reminders.presenter';
import * as repository from './reminders.repository';
import type { ReminderChanges, ReminderInput } from './reminders.schemas';

/**
 * completedAt is empty while pending and a timestamp once completed (spec section 4). The
 * client's time is kept when it sends one; otherwise an earlier completion, otherwise now.
 */
function completedAtFor(isCompleted: boolean, requested: string | undefined, previous: string) {
  if (!isCompleted) return '';
  return requested || previous || new Date().toISOString();
}

export function createRemindersService({ db }: { db: Db }) {
  // Someone else's pet and a pet that does not exist answer alike, so ids reveal nothing.
  async function assertPetAccessible(userId: string, petId: string) {
    if (!(await isPetAccessible(db, userId, petId))) {
      throw badRequest('petId: Pet not found', [{ path: 'petId', message: 'Pet not found' }]);
    }
  }

  /** Each reminder as `userId` sees it: someone else's with the pets it may move to (see `update`). */
  async function present(userId: string, rows: repository.ReminderRow[]): Promise<ReminderView[]> {
    const creators = [...new Set(rows.map((row) => row.userId).filter((creator) => creator !== userId))];
    const shared = new Map(
      await Promise.all(
        creators.map(async (creator) => [creator, await repository.listSharedPetIds(db, userId, creator)] as const),
      ),
    );
    // Its own pet among them, whatever its creator looks after now: staying is no move.
    return rows.map((row) => {
      const choices = shared.get(row.userId);
      return presentReminder(row, choices ? [...new Set([row.petId, ...choices])] : null);
    });
  }

  return {
    list: async (userId: string) => present(userId, await repository.listAccessibleReminders(db, userId)),

    async create(userId: string, input: ReminderInput): Promise<ReminderView> {
      await assertPetAccessible(userId, input.petId);
      const isCompleted = input.isCompleted ?? false;
      const reminder = await repository.insertReminder(db, userId, {
        ...input,
        isCompleted,
        completedAt: completedAtFor(isCompleted, input.completedAt, ''),
      });
      return presentReminder(reminder);
    },

    async update(userId: string, id: string, changes: ReminderChanges): Promise<ReminderView> {
      const existing = await repository.findReminder(db, userId, id);
      if (!existing) throw notFound('Reminder');
      if (changes.petId !== undefined && changes.petId !== existing.petId) {
        await assertPetAccessible(userId, changes.petId);
        // The reminder stays its creator's (their calendar feed, download and deletion): moved by a
        // co-owner to a pet of theirs alone, its creator would no longer see what is counted theirs.
        if (!(await isPetAccessible(db, existing.userId, changes.petId)))
          throw badRequest('petId: A reminder can only move to a pet its creator also looks after', [
            { path: 'petId', message: 'A reminder can only move to a pet its creator also looks after' },
          ]);
      }
      const isCompleted = changes.isCompleted ?? existing.isCompleted;
      const updated = await repository.updateReminder(db, userId, id, {
        ...changes,
        isCompleted,
        completedAt: completedAtFor(isCompleted, changes.completedAt, existing.completedAt),
      });
      if (!updated) throw notFound('Reminder');
      const [view] = await present(userId, [updated]);
      return view;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteReminder(db, userId, id))) throw notFound('Reminder');
    },
  };
}
