import type { FinderConversation } from '@shared/contracts/conversations';
import { api } from '@/lib/api-client';

/** The finder's conversation, by the secret token of its page. */
export const getConversation = (token: string) =>
  api.get<FinderConversation>(`/api/conversations/${encodeURIComponent(token)}`);
