import type { Request } from 'express';
import { renderToString } from 'react-dom/server';
import {
  ConversationNotFound,
  ConversationView,
  type FormError,
  formErrorText,
} from '../../../client/src/features/conversation/components/conversation-view';
import type { FinderConversation } from '../../../shared/contracts/conversations';

import { pageStringsScript } from '../../../shared/i18n/strings';
import type { Prerender } from '../../client-assets';
import { isAppError } from '../../lib/errors';
import { chosenLanguage, pageStrings, requestLanguage, translator } from '../../lib/i18n';
import type { Services } from '../../services';
import { conversationTokenParam } from './conversation-token';

export type { FormError };

// A secret page: no cache may keep it, and the address never leaves in a Referer (helmet's default).
const PRIVATE = 'no-store';

/**
 * The finder's conversation page (/c/{token}) arrives as finished HTML: it reads and its Send form
 * posts without any script (see conversationFormRoutes). Its own small entry then takes it over,
 * so that sending does not reload the page.
 */
export function conversationPrerender({ conversations }: Services): Prerender {
  const notFound = (req: Request) => {
    const lang = requestLanguage(req);
    const t = translator(lang);
    return {
      status: 404,
      cacheControl: PRIVATE,
      lang,
      title: t('pages.conversationNotFoundTitle'),
      body: `<div id="prerender"><main>${renderToString(
        <ConversationNotFound i18n={{ lang, t, switchable: true }} />,
      )}</main></div>`,
    };
  };
  return {
    path: '/c/:token',
    entry: 'src/conversation-main.tsx',
    async render(req: Request) {
      const token = String(req.params.token);
      if (!conversationTokenParam.safeParse(token).success) return notFound(req);
      const conversation = await conversations.finderView(token).catch((err: unknown) => {
        if (isAppError(err) && err.status === 404) return undefined;
        throw err;
      });
      if (!conversation) return notFound(req);
      const page = conversationPage(req, conversation, token);
      // JSON inside a script element: "<" must not be able to close it.
      const data = JSON.stringify({ conversation }).replace(/</g, '\\u003c');
      return {
        ...page,
        body:
          `<div id="prerender">${page.body}</div>` +
          `<script type="application/json" id="prerender-data">${data}</script>` +
          pageStringsScript(pageStrings(page.lang, ['common', 'conversation'])),
      };
    },
  };
}

/**
 * The page itself, in the language the finder reported in unless they chose another on the switch
 * since; after a refused Send (no script), with why and with what they had typed.
 */
export function conversationPage(
  req: Request,
  conversation: FinderConversation,
  token: string,
  refused?: { error: FormError; draft: string },
) {
  const lang = chosenLanguage(req) ?? conversation.language;
  const i18n = { lang, t: translator(lang), switchable: true };
  const error = refused && formErrorText(refused.error, i18n);
  return {
    cacheControl: PRIVATE,
    lang,
    title: i18n.t('pages.conversationTitle', { name: conversation.pet.name }),
    body: `<main>${renderToString(
      <ConversationView conversation={conversation} token={token} error={error} draft={refused?.draft} i18n={i18n} />,
    )}</main>`,
  };
}
