import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';

/**
 * The e-mail that tells a co-owner that the pet's creator deleted their account, and with it the
 * pet's profile: why it left their dashboard and why its alerts stopped. It names no pet to
 * cascade from (the pet is gone), only the co-owner's account.
 */
export function creatorDeletedAccountEmail(
  { petName, creator, to }: { petName: string; creator: string; to: { userId: string; email: string } },
  publicUrl: string,
): NewNotification {
  const pet = oneLine(petName);
  const by = oneLine(creator);
  return {
    userId: to.userId,
    petId: null,
    recipient: to.email,
    subject: `${possessive(pet)} profile was deleted from Homeward`,
    body: [
      `${by} deleted their Homeward account, and with it ${possessive(pet)} profile, whose Safety Circle you were in.`,
      '',
      `You no longer see ${possessive(pet)} profile, reminders or finder reports, and ${possessive(pet)} alerts no longer come to you. ${possessive(pet)} QR tag and posters no longer lead to a profile.`,
      '',
      `If ${pet} is in your care, add them to Homeward yourself to keep them safe: ${publicUrl}/add-pet`,
    ].join('\n'),
  };
}
