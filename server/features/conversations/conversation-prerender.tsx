import type { Request } from 'express';
import { renderToString } from 'react-dom/server';
import {
  ConversationNotFound,
  ConversationView,
  FORM_ERROR_TEXT,
} from '../../../client/src/features/conversation/components/conversation-view';
import type { Prerender } from '../../client-assets';
import { isAppError } from '../../lib/errors';
import type { Services } from '../../services';
import { conversationTokenParam } from './conversation-token';

// A secret page: no cache may keep it, and the address never leaves in a Referer (helmet's default).
const PRIVATE = 'no-store';

/**
 * The finder's conversation page (/c/{token}) arrives as finished HTML: it reads and its Send form
 * posts without any script (see conversationFormRoutes). Its own small entry then takes it over,
 * so that sending does not reload the page.
 */
export function conversationPrerender({ conversations }: Services): Prerender {
  const notFound = {
    status: 404,
    cacheControl: PRIVATE,
    title: 'Conversation Not Found · Homeward',
    body: `<div id="prerender"><main>${renderToString(<ConversationNotFound />)}</main></div>`,
  };
  return {
    path: '/c/:token',
    entry: 'src/conversation-main.tsx',
    async render(req: Request) {
      const token = String(req.params.token);
      if (!conversationTokenParam.safeParse(token).success) return notFound;
      const conversation = await conversations.finderView(token).catch((err: unknown) => {
        if (isAppError(err) && err.status === 404) return undefined;
        throw err;
      });
      if (!conversation) return notFound;
      const error = FORM_ERROR_TEXT[String(req.query.error)] ?? null;
      // JSON inside a script element: "<" must not be able to close it.
      const data = JSON.stringify({ conversation, error }).replace(/</g, '\\u003c');
      return {
        cacheControl: PRIVATE,
        title: `${conversation.pet.name} · Your conversation · Homeward`,
        body:
          `<div id="prerender"><main>${renderToString(
            <ConversationView conversation={conversation} token={token} error={error} />,
          )}</main></div>` + `<script type="application/json" id="prerender-data">${data}</script>`,
      };
    },
  };
}
