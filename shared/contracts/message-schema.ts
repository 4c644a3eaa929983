import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './conversations';
import { strangersWords, text, VISIBLE, withoutNul } from './text-rules';

/** A message in a finder's conversation, from either side: plain text, checked in the reply form and on the server. */
export const newMessageSchema = z.object({
  body: withoutNul(
    strangersWords(text('Message: Required'))
      .trim()
      .min(1, 'Please write a message')
      .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`)
      .refine((v) => v === '' || VISIBLE.test(v), 'Please write a message'),
  ),
});
