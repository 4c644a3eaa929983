import type { PushMessage } from '../../../shared/contracts/push';
import { cutForPush } from '../push/push-text';
import type { ConversationRow, MessageRow } from './conversations.repository';

/** The alert on the owners' devices when a finder writes: which pet, what they said; a tap opens the report. */
export function finderMessagePush(conversation: ConversationRow, message: MessageRow): PushMessage {
  return {
    title: cutForPush.title(`The finder of ${conversation.pet.name} wrote`),
    body: cutForPush.body(message.body),
    url: `/pet/${conversation.pet.id}#report-${conversation.report.id}`,
  };
}
