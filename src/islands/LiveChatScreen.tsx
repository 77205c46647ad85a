import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { activeTag, t } from '../../rules/i18n';
import { CHAT_MAX_CHARS } from '../../contract/chat-protocol';
import { $session } from '../stores/concepts/session';
import { usePage } from '../hooks/usePage';
import { liveChatPage, openLiveChat } from '../stores/pages/chat';

function time(ms: number): string {
  return new Intl.DateTimeFormat(activeTag(), { timeStyle: 'short' }).format(ms);
}

/**
 * The player's live-chat page (opened by the launch call's chatUrl: /m/liveChat?c=<conversation>&lang&back): the
 * conversation with the support agents, delivery (✓) and read (✓✓) receipts and a message box. Text only, shown
 * as text. Resumes by itself after a dropped connection. Back is the frame header's arrow (no second link).
 * Once the conversation is closed (by an agent) the message box and Send give way to a closed notice with
 * "Start a new chat", which runs the same launch call as the message centre (a new conversation opens, since
 * none is open; the page to come back to stays the launch's `back`), so the player is never left typing into a
 * conversation that no one reads.
 */
export default function LiveChatScreen() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(liveChatPage);
  const lines = useStore(page.$chatLines);
  const connection = useStore(page.$chatConnection);
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const params = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const conversationId = params.get('c') ?? '';
  useEffect(() => {
    if (!session || !/^[A-Za-z0-9_-]{8,64}$/.test(conversationId)) return undefined;
    return page.open(conversationId);
  }, [session !== null, conversationId, page]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [lines.length]);
  if (!hydrated) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (!session) return null;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(conversationId)) {
    // Opened without a conversation (not through the launch call): live chat starts from the message centre.
    return <p className="empty-state"><a href="/m/message">{t('message.liveChat')}</a></p>;
  }
  const back = params.get('back');
  const backUrl = back && back.startsWith('/') && !back.startsWith('//') ? back : undefined;
  const status = connection === 'reconnecting' ? t('chat.reconnecting')
    : connection === 'refused' ? t('error.conversation_not_found') : connection === 'connecting' ? t('common.loading') : '';
  return (
    <section className="chat" aria-label={t('message.liveChat')}>
      <ol className="chat-lines" ref={list} aria-live="polite">
        {lines.length === 0 && connection === 'open' && <li className="muted">{t('chat.empty')}</li>}
        {lines.map((line) => (
          <li key={line.key} className={`chat-line ${line.role}`}>
            <span className="chat-author" dir="auto">{line.role === 'agent' ? line.author || t('chat.agent') : t('chat.you')}</span>
            <span className="chat-text" dir="auto">{line.text}</span>
            <span className="chat-meta">
              {time(line.sentAt)}
              {line.role === 'player' && (
                <span className="chat-receipt">
                  {line.failed ? ` · ${t('chat.notSent')}` : line.state === 'read' ? ` · ${t('chat.read')}` : line.state === 'sent' ? ` · ${t('chat.delivered')}` : ` · ${t('chat.sending')}`}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {status && <p role="status" className="muted">{status}</p>}
      {connection === 'closed' ? (
        <div className="chat-ended" role="status">
          <p>{t('chat.closed')}</p>
          <button
            type="button" className="btn btn-primary"
            onClick={() => void openLiveChat(t('message.liveChat'), backUrl)}
          >
            {t('chat.startNew')}
          </button>
        </div>
      ) : (
        <form
          className="chat-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (page.send(draft, session.userName)) setDraft('');
          }}
        >
          <label htmlFor="chat-text" className="visually-hidden">{t('chat.placeholder')}</label>
          <textarea
            id="chat-text" dir="auto" value={draft} maxLength={CHAT_MAX_CHARS} placeholder={t('chat.placeholder')} rows={2}
            disabled={connection === 'refused'} onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={draft.trim() === '' || connection === 'refused'}>{t('chat.send')}</button>
        </form>
      )}
    </section>
  );
}
