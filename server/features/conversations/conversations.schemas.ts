import { z } from 'zod';
import { newMessageSchema } from '../../../shared/contracts/message-schema';
import { idParam } from '../../lib/validate';
import { conversationTokenParam } from './conversation-token';

const byToken = z.object({ token: conversationTokenParam });

/** What each conversation route accepts. */
export const conversationsSchemas = {
  finderView: { params: byToken },
  finderWrites: { params: byToken, body: newMessageSchema },
  ownerReplies: { params: z.object({ id: idParam('Report') }), body: newMessageSchema },
  messagesOfPet: { params: z.object({ id: idParam('Pet') }) },
  thankFinders: { params: z.object({ id: idParam('Pet') }) },
};
