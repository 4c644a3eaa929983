import type { FinderConversation } from '@shared/contracts/conversations';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { ENGLISH } from '@/lib/english';
import type { FinderI18n } from '@/lib/i18n';
import { getConversation } from '../api/get-conversation';
import { sendFinderMessage } from '../api/send-finder-message';
import { ConversationNotFound, ConversationView } from './conversation-view';

interface LiveConversationProps {
  token: string;
  i18n: FinderI18n;
  /**
   * The server's copy of the page, and what the finder had typed into it before this took over;
   * without it (the app's own route) the conversation is fetched.
   */
  initial?: { conversation: FinderConversation; draft?: string };
}

/** The finder's page with its Send box working in place: a new message shows without a reload. */
export function LiveConversation({ token, i18n, initial }: LiveConversationProps) {
  const [conversation, setConversation] = useState(initial?.conversation);
  const [missing, setMissing] = useState(false);
  const [draft, setDraft] = useState(initial?.draft ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (initial) return;
    getConversation(token).then(setConversation, () => setMissing(true));
  }, [initial, token]);

  if (missing) return <ConversationNotFound i18n={i18n} />;
  if (!conversation)
    return (
      <p role="status" className="p-6 text-center text-muted-foreground">
        {i18n.t('conversation.loading')}
      </p>
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const message = await sendFinderMessage(token, { body: draft });
      setConversation((c) => c && { ...c, messages: [...c.messages, message] });
      setDraft('');
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : i18n.t('conversation.notSent'));
    } finally {
      setSending(false);
    }
  };

  return (
    <ConversationView
      conversation={conversation}
      token={token}
      error={error}
      i18n={i18n}
      localTime
      live={{ value: draft, onChange: (e) => setDraft(e.target.value), onSubmit, sending }}
    />
  );
}

/** The app's own route for /c/{token} (development, or a signed-in owner following a finder's link). */
export default function ConversationPage({ params }: { params: { token: string } }) {
  return (
    <main>
      <LiveConversation token={params.token} i18n={ENGLISH} />
    </main>
  );
}
