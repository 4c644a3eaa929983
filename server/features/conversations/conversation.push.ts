import { foundPetNoun } from '../../../shared/contracts/finder-reports';
import type { PushMessage } from '../../../shared/contracts/push';
import { cutForPush } from '../push/push-text';
import type { ConversationRow, MessageRow } from './conversations.repository';

/**
 * The alert on the owners' devices when a finder writes: which pet, what they said; a tap opens the
 * report. A claim's finder found a pet the owner says is theirs, which the title says.
 */
export function finderMessagePush(conversation: ConversationRow, message: MessageRow): PushMessage {
  const { pet, subject, claimed } = conversation;
  return {
    title: cutForPush.title(
      subject.sightingId
        ? `The person who saw ${pet.name} wrote`
        : claimed
          ? `The finder of the ${foundPetNoun(claimed.species)} you said is ${pet.name} wrote`
          : `The finder of ${pet.name} wrote`,
    ),
    body: cutForPush.body(message.body),
    url: `/pet/${conversation.pet.id}#${conversation.subject.sightingId ? 'sighting' : 'report'}-${conversation.report.id}`,
  };
}
