import crypto from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, Router } from 'express';
import { conversationPath } from '../../../shared/contracts/conversations';
import { requireUser, userId } from '../../auth/require-user';
import type { PageShell } from '../../client-assets';
import { AppError } from '../../lib/errors';
import { bodyIsText, refuseUnstorableInput, sameOrigin } from '../../lib/http';
import { requestLanguage } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { conversationPage, type FormError } from './conversation-prerender';
import { conversationsSchemas as schemas } from './conversations.schemas';

/** Per conversation: a finder writing in earnest, never a flood into the owners' inboxes. */
export const FINDER_MESSAGE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
/** Per address, across conversations: whoever holds many links still cannot flood. */
export const FINDER_ADDRESS_LIMIT = { limit: 30, windowMs: 60 * 60_000 };
/** Per owner, across their pets' conversations. */
export const OWNER_REPLY_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export const TOO_MANY_REPLIES = 'Too many messages. Please wait a few minutes and try again.';
const TOO_MANY = TOO_MANY_REPLIES;

// The counters live in a table: they are keyed by a hash, so the table never holds a usable link.
const tokenKey = (req: Request) => crypto.createHash('sha256').update(String(req.params.token)).digest('hex');

function finderLimits({ rateLimits }: Services) {
  return [
    rateLimit(rateLimits, { name: 'conversation', ...FINDER_MESSAGE_LIMIT, key: tokenKey, message: TOO_MANY }),
    rateLimit(rateLimits, {
      name: 'conversation-address',
      ...FINDER_ADDRESS_LIMIT,
      key: (req) => req.ip ?? 'unknown',
      message: TOO_MANY,
    }),
  ];
}

/** The conversation API: the finder's side by secret token, the owners' side by report and pet. */
export function conversationsRoutes(services: Services) {
  const { conversations, rateLimits } = services;
  const router = Router();
  // One count per owner for replies and thank-yous alike: both write to finders.
  const ownerLimit = rateLimit(rateLimits, {
    name: 'owner-reply',
    ...OWNER_REPLY_LIMIT,
    key: userId,
    message: TOO_MANY,
  });

  router.get('/conversations/:token', validate(schemas.finderView), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await conversations.finderView(req.params.token));
  });

  router.post(
    '/conversations/:token/messages',
    validate(schemas.finderWrites),
    ...finderLimits(services),
    async (req, res) => {
      res.status(201).json(await conversations.finderWrites(req.params.token, req.body.body, requestLanguage(req)));
    },
  );

  router.get('/pets/:id/messages', requireUser, validate(schemas.messagesOfPet), async (req, res) => {
    res.json(await conversations.messagesOfPet(userId(req), req.params.id));
  });

  router.post('/reports/:id/replies', requireUser, validate(schemas.ownerReplies), ownerLimit, async (req, res) => {
    res.status(201).json(await conversations.ownerReplies(userId(req), req.params.id, req.body.body));
  });

  router.post('/pets/:id/thanks', requireUser, validate(schemas.thankFinders), ownerLimit, async (req, res) => {
    res.json(await conversations.thankFinders(userId(req), req.params.id));
  });

  return router;
}

/** Why a Send was refused, in the page's words; undefined for what the finder cannot mend (no such page). */
function formError(err: unknown, draft: string): FormError | undefined {
  if (!(err instanceof AppError)) return undefined;
  if (err.code === 'rate_limited') return 'rate-limited';
  if (err.code === 'invalid_request') return draft.trim() === '' ? 'empty' : 'too-long';
  return undefined;
}

/**
 * The Send form of the finder's page without JavaScript: a plain same-origin form post, answered
 * by a redirect back to the page, where the new message shows. A refusal the finder can act on (a
 * blank or too long message, too many) answers the page itself, saying why, with what they typed.
 */
export function conversationFormRoutes(services: Services, shell: PageShell) {
  const router = Router();
  const { conversations } = services;

  const refusedPage: ErrorRequestHandler = async (err, req, res, next) => {
    const draft = typeof req.body?.body === 'string' ? req.body.body : '';
    const error = formError(err, draft);
    if (!error) return next(err);
    try {
      const token = String(req.params.token);
      const conversation = await conversations.finderView(token);
      res
        .status(err.status)
        .set('Cache-Control', 'no-store')
        .type('html')
        .send(shell(conversationPage(req, conversation, token, { error, draft })));
    } catch (lookup) {
      next(lookup);
    }
  };

  router.post(
    '/c/:token',
    sameOrigin,
    // A message of 2,000 characters in a script of three bytes a character, each byte sent as
    // `%XX`, is 18 KB: every message the field accepts must arrive, to be refused or kept.
    express.urlencoded({ extended: false, limit: '24kb', parameterLimit: 5, verify: bodyIsText.form }),
    refuseUnstorableInput,
    validate(schemas.finderWrites),
    ...finderLimits(services),
    async (req, res) => {
      const message = await conversations.finderWrites(req.params.token, req.body.body, requestLanguage(req));
      res.redirect(303, `${conversationPath(req.params.token)}#message-${message.id}`);
    },
  );
  router.use('/c/:token', refusedPage);

  return router;
}
