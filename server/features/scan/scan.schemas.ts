import { z } from 'zod';
import { idParam } from '../../lib/validate';
import { conversationTokenParam } from '../conversations/conversation-token';

/** What the scan page's own routes accept. */
export const scanSchemas = {
  /** The no-script form; `?sent={token}` is its thank-you, once the report is filed. Anything else in `sent` is ignored; `lang` is read as on every finder's page. */
  shareLocationPage: {
    params: z.object({ id: idParam('Pet') }),
    query: z.looseObject({ sent: conversationTokenParam.optional().catch(undefined) }),
  },
};
