import type { PushMessage } from '../../../shared/contracts/push';
import { cutForPush } from '../push/push-text';
import type { ConversationRow, MessageRow } from './conversations.repository';

/** The alert on the owners' devices when a finder writes: which pet, what they said; a tap opens the report. */
export function finderMessagePush(conversation: ConversationRow, message: MessageRow): PushMessage {
  return {
    title: cutForPush.title(
      conversation.subject.sightingId
        ? `The person who saw ${conversation.pet.name} wrote`
        : `The finder of ${conversation.pet.name} wrote`,
    ),
    body: cutForPush.body(message.body),
    url: `/pet/${conversation.pet.id}#${conversation.subject.sightingId ? 'sighting' : 'report'}-${conversation.report.id}`,
  };
}
