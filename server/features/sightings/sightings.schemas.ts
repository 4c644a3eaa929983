import { z } from 'zod';
import { newMessageSchema } from '../../../shared/contracts/message-schema';
import { sightingSchema } from '../../../shared/contracts/sighting-schema';
import { idParam } from '../../lib/validate';
import { conversationTokenParam } from '../conversations/conversation-token';

const ofPet = z.object({ id: idParam('Pet') });
const oneSighting = z.object({ id: idParam('Pet'), sightingId: idParam('Sighting') });

/** What each sighting route accepts. */
export const sightingsSchemas = {
  report: { body: sightingSchema },
  strings: { query: z.looseObject({ lang: z.string().max(20).optional().catch(undefined) }) },
  sightingsOfPet: { params: ofPet },
  hide: { params: oneSighting },
  reply: { params: oneSighting, body: newMessageSchema },
  photo: { params: oneSighting, query: z.object({ v: z.string().max(64).optional() }) },
};

/** The no-script form's page; `?sent={token}` is its thank-you, once the sighting is filed. */
export const sightingPageSchemas = {
  page: {
    params: ofPet,
    query: z.looseObject({ sent: conversationTokenParam.optional().catch(undefined) }),
  },
  post: { params: ofPet },
};
