import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { activeTag, t } from '../../rules/i18n';
import { CHAT_MAX_CHARS } from '../../contract/chat-protocol';
import { $session } from '../stores/concepts/session';
import { usePage } from '../hooks/usePage';
import { liveChatPage } from '../stores/pages/chat';

function time(ms: number): string {
  return new Intl.DateTimeFormat(activeTag(), { timeStyle: 'short' }).format(ms);
}

/**
 * The player's live-chat page (opened by the launch call's chatUrl: /m/liveChat?c=<conversation>&lang&back): the
 * conversation with the support agents, delivery (✓) and read (✓✓) receipts, a message box, and a back link to
 * the page chat was opened from. Text only, shown as text. Resumes by itself after a dropped connection.
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
  const status = connection === 'closed' ? t('chat.closed') : connection === 'reconnecting' ? t('chat.reconnecting')
    : connection === 'refused' ? t('error.conversation_not_found') : connection === 'connecting' ? t('common.loading') : '';
  return (
    <section className="chat" aria-label={t('message.liveChat')}>
      {back && back.startsWith('/') && !back.startsWith('//') && <a className="link-button" href={back}>{t('common.back')}</a>}
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
          disabled={connection === 'closed' || connection === 'refused'} onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button" disabled={draft.trim() === '' || connection === 'closed' || connection === 'refused'}>{t('chat.send')}</button>
      </form>
    </section>
  );
}
