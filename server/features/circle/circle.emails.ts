import { INVITATION_DAYS } from '../../../shared/contracts/circle';
import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { FirstContact, NewNotification } from '../notifications/notifications.service';

// Names typed by people are put on one line: they must not be able to start a new mail header.

/**
 * The e-mail that invites a person to co-own a pet; the link is the only copy of the token. The
 * address is whatever the inviter typed: the subject carries none of their words, and the first
 * e-mail to the address says who gave it and offers to refuse any more.
 */
export function invitationEmail(
  invitation: { petId: string; petName: string; invitedBy: string; email: string; token: string },
  firstContact: FirstContact | null,
  publicUrl: string,
): NewNotification {
  const pet = oneLine(invitation.petName);
  const by = oneLine(invitation.invitedBy);
  return {
    // The invited person may have no account yet: the e-mail belongs to the pet, not to a user.
    userId: null,
    petId: invitation.petId,
    recipient: invitation.email,
    subject: 'You are invited to co-own a pet on Homeward',
    body: [
      `${by} invited you to join ${possessive(pet)} Safety Circle on Homeward.`,
      '',
      `As a co-owner you can see and edit ${possessive(pet)} profile, reminders and finder reports, and you get ${possessive(pet)} alerts.`,
      '',
      `Accept the invitation: ${publicUrl}/invite/${invitation.token}`,
      '',
      `The link works once, for ${INVITATION_DAYS} days. If you did not expect this e-mail, you can ignore it.`,
      ...(firstContact
        ? [
            '',
            `${by} gave this address on Homeward. Homeward sends no more e-mail to this address unless you open the link above.`,
            `Not you, or no more e-mail wanted? Refuse all e-mail from Homeward to this address: ${firstContact.refusalUrl}`,
          ]
        : []),
    ].join('\n'),
  };
}

interface CircleChange {
  petId: string;
  petName: string;
  /** The person who made the change, by name. */
  by: string;
  /** The person told, with their account and address. */
  to: { userId: string; email: string };
}

/**
 * The e-mail that tells a removed co-owner why the pet left their dashboard and why its alerts
 * stopped: a finder's report no longer reaches them.
 */
export function removedEmail({ petId, petName, by, to }: CircleChange): NewNotification {
  const pet = oneLine(petName);
  const creator = oneLine(by);
  return {
    userId: to.userId,
    petId,
    recipient: to.email,
    subject: `You are no longer a co-owner of ${pet} on Homeward`,
    body: [
      `${creator} removed you from ${possessive(pet)} Safety Circle on Homeward.`,
      '',
      `You no longer see ${possessive(pet)} profile, reminders or finder reports, and ${possessive(pet)} alerts no longer come to you.`,
      '',
      `If you think this is a mistake, ask ${creator} to invite you again.`,
    ].join('\n'),
  };
}

/** The e-mail that tells a pet's creator that a co-owner left: one person fewer gets its alerts. */
export function leftEmail({ petId, petName, by, to }: CircleChange, publicUrl: string): NewNotification {
  const pet = oneLine(petName);
  const member = oneLine(by);
  return {
    userId: to.userId,
    petId,
    recipient: to.email,
    subject: `${member} left ${possessive(pet)} Safety Circle`,
    body: [
      `${member} left ${possessive(pet)} Safety Circle on Homeward: ${possessive(pet)} alerts no longer go to them.`,
      '',
      `To give ${pet} another person to call, invite someone from ${possessive(pet)} profile: ${publicUrl}/pet/${petId}`,
    ].join('\n'),
  };
}
