import { INVITATION_DAYS } from '../../../shared/contracts/circle';
import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';

// A name typed by a person must not be able to start a new mail header.

/** The e-mail that invites a person to co-own a pet; the link is the only copy of the token. */
export function invitationEmail(
  invitation: { petId: string; petName: string; invitedBy: string; email: string; token: string },
  publicUrl: string,
): NewNotification {
  const pet = oneLine(invitation.petName);
  const by = oneLine(invitation.invitedBy);
  return {
    // The invited person may have no account yet: the e-mail belongs to the pet, not to a user.
    userId: null,
    petId: invitation.petId,
    recipient: invitation.email,
    subject: `${by} invited you to co-own ${pet} on Homeward`,
    body: [
      `${by} invited you to join ${possessive(pet)} Safety Circle on Homeward.`,
      '',
      `As a co-owner you can see and edit ${possessive(pet)} profile, reminders and finder reports, and you get ${possessive(pet)} alerts.`,
      '',
      `Accept the invitation: ${publicUrl}/invite/${invitation.token}`,
      '',
      `The link works once, for ${INVITATION_DAYS} days. If you did not expect this e-mail, you can ignore it.`,
    ].join('\n'),
  };
}
