import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { activeTag, isMessageKey, t } from '../../rules/i18n';
import { isRealAccount } from '../lib/account';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { usePage } from '../hooks/usePage';
import { inboxPage } from '../stores/pages/inbox';

function when(ms: number): string {
  return new Intl.DateTimeFormat(activeTag(), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

function errorText(code: string): string {
  const key = `error.${code}`;
  return isMessageKey(key) ? t(key) : t('error.internal_error');
}

/**
 * The inbox (accounts §2 /m/webEmail; platform-contract.md §3 inbox): messages newest first with unread ones
 * marked, paging, one message opened with its sanitised HTML (sanitised by the server's allowlist), mark the page
 * read, delete. Who may open the page is the access gate's job (visitors log in, guest/trial get free_reject).
 */
export default function InboxScreen() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const inbox = usePage(inboxPage);
  const state = useStore(inbox.$inbox);
  const open = useStore(inbox.$openMessage);
  const allowed = session !== null && isRealAccount(sessionMemberType(session));
  useEffect(() => {
    if (allowed) void inbox.load(1);
  }, [allowed, inbox]);
  if (!hydrated || !allowed) return null;
  if (open) {
    return (
      <article className="card inbox-message" aria-labelledby="inbox-open-title">
        <button type="button" className="link-button" onClick={inbox.close}>{t('inbox.backToList')}</button>
        <h2 id="inbox-open-title" dir="auto">{open.title}</h2>
        <p className="muted"><time dateTime={new Date(open.createdAt).toISOString()}>{when(open.createdAt)}</time></p>
        {/* Sanitised on the server with an allowlist (worker/model/rich-text.ts). */}
        <div className="rich-text" dir="auto" dangerouslySetInnerHTML={{ __html: open.content }} />
        <button type="button" className="btn" onClick={() => void inbox.remove(open.id)}>{t('inbox.delete')}</button>
      </article>
    );
  }
  const page = state.page;
  return (
    <section className="card" aria-labelledby="inbox-list-title" aria-busy={state.loading}>
      <h2 id="inbox-list-title">{t('inbox.title')}</h2>
      {state.error && <p role="alert" className="form-error">{errorText(state.error)}</p>}
      {page && page.list.length === 0 && <p className="empty-state">{t('inbox.empty')}</p>}
      {page && page.list.length > 0 && (
        <>
          <ul className="link-list inbox-list">
            {page.list.map((m) => (
              <li key={m.id} className={m.read ? 'read' : 'unread'}>
                <button type="button" onClick={() => void inbox.open(m.id)}>
                  {!m.read && <span className="unread-dot" aria-label={t('inbox.unread')} role="img" />}
                  <span className="inbox-title" dir="auto">{m.title}</span>
                  <time className="muted" dateTime={new Date(m.createdAt).toISOString()}>{when(m.createdAt)}</time>
                </button>
              </li>
            ))}
          </ul>
          <div className="inbox-actions">
            <button type="button" className="link-button" disabled={page.unread === 0} onClick={() => void inbox.markAllRead()}>{t('inbox.markAllRead')}</button>
            {page.totalPages > 1 && (
              <nav className="pager" aria-label={t('inbox.pages')}>
                <button type="button" disabled={state.pageNo <= 1} onClick={() => void inbox.load(state.pageNo - 1)}>{t('inbox.newer')}</button>
                <span>{state.pageNo} / {page.totalPages}</span>
                <button type="button" disabled={state.pageNo >= page.totalPages} onClick={() => void inbox.load(state.pageNo + 1)}>{t('inbox.older')}</button>
              </nav>
            )}
          </div>
        </>
      )}
    </section>
  );
}
