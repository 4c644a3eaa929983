import crypto from 'node:crypto';
import { z } from 'zod';
import { hashSecretToken } from '../../lib/secret-token';

// 192 random bits, written as 32 base64url characters: far beyond guessing (DESIGN asks for 128).
const TOKEN_BYTES = 24;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** A new secret link to a finder's conversation page (/c/{token}): whoever holds it is that finder. */
export function newConversationLink() {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  // Only the hash is stored (conversation_links): a copy of the database opens no conversation.
  return { token, hash: hashSecretToken(token) };
}

/** A token in a path; anything that cannot be one names no conversation (404, see `validate`). */
export const conversationTokenParam = z.string().regex(TOKEN, 'Conversation not found');
