import { conversationPath } from '../../../shared/contracts/conversations';
import { reportPlace } from '../../../shared/contracts/finder-reports';
import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import type { ConversationRow, MessageRow } from './conversations.repository';

// A name typed by a person must not be able to start a new mail header, nor break a labelled line.

/** The e-mail that tells one of a pet's owners that the finder wrote in their conversation. */
export function finderMessageEmail(
  owner: PetOwner,
  { pet, report }: ConversationRow,
  message: MessageRow,
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: `${name}: the finder wrote to you`,
    body: [
      `The person who found ${name} sent you a message.`,
      '',
      `From: ${report.finderName?.trim() ? oneLine(report.finderName) : 'The finder did not leave a name'}`,
      `When: ${message.createdAt.toUTCString()}`,
      '',
      'Their message:',
      message.body,
      '',
      `Read the report and reply on ${possessive(name)} profile: ${publicUrl}/pet/${pet.id}#report-${report.id}`,
      '',
      `You receive this e-mail because you own ${name} on Homeward.`,
    ].join('\n'),
  };
}

/**
 * The e-mail that carries an owner's reply to a finder who left an e-mail address. It names no
 * owner's address: the finder answers on their conversation page, whose link it carries.
 */
export function ownerReplyEmail(
  finderEmail: string,
  { pet, report }: ConversationRow,
  message: MessageRow,
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  const link = `${publicUrl}${conversationPath(report.conversationToken ?? '')}`;
  const { place } = reportPlace(report);
  return {
    userId: null,
    petId: pet.id,
    recipient: finderEmail,
    subject: `${possessive(name)} owner replied to you`,
    body: [
      `${possessive(name)} owner replied to the report you sent on Homeward.`,
      '',
      `Pet: ${name}`,
      `Where you found ${name}: ${place ? oneLine(place) : 'Shared GPS position'}`,
      `When: ${message.createdAt.toUTCString()}`,
      '',
      'Their reply:',
      message.body,
      '',
      `Read the whole conversation and answer: ${link}`,
      '',
      'Keep this link to yourself: anyone who has it can read and answer this conversation.',
      `You receive this e-mail because you left this address when you told ${possessive(name)} owner where ${name} was.`,
    ].join('\n'),
  };
}
