import type { ConversationMessage, NewMessage } from '@shared/contracts/conversations';
import { api } from '@/lib/api-client';

export const sendFinderMessage = (token: string, message: NewMessage) =>
  api.post<ConversationMessage>(`/api/conversations/${encodeURIComponent(token)}/messages`, message);
