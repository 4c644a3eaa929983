// The finder's conversation entry. The server sends /c/{token} already rendered, its Send form a
// plain post (see conversation-prerender.tsx); this takes the page over with React and the
// conversation components alone, so that sending shows the message in place.
import type { FinderConversation } from '@shared/contracts/conversations';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { LiveConversation } from '@/features/conversation/components/live-conversation';
import { type FinderI18n, readPageStrings } from '@/lib/i18n';
import { readPrerenderData, removePrerender } from '@/lib/prerender-data';

type Rendered = { conversation: FinderConversation };

function FinderConversationPage({ token, initial, i18n }: { token: string; initial: Rendered; i18n: FinderI18n }) {
  // Take over from the server-rendered copy in the same frame as the first render.
  useLayoutEffect(removePrerender, []);
  return (
    <main>
      <LiveConversation token={token} initial={initial} i18n={i18n} />
    </main>
  );
}

// Without the embedded conversation (a "not found" page) the server's copy stays as it is. A
// message the finder began in the server's copy is carried over, not lost in the takeover.
const rendered = readPrerenderData<Rendered>();
const typed = document.querySelector<HTMLTextAreaElement>('#prerender textarea')?.value ?? '';
const initial = rendered && { ...rendered, draft: typed };
const token = window.location.pathname.split('/')[2];
const i18n = readPageStrings();
if (initial && token && i18n) {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <FinderConversationPage token={token} initial={initial} i18n={i18n} />
    </StrictMode>,
  );
}
