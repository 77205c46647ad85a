import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { usePage } from '../hooks/usePage';
import { noticesPage } from '../stores/pages/notices';

/** YYYY/MM/DD of an epoch-ms date (accounts §2 Announcement popup: "start date (YYYY/MM/DD)"), in UTC. */
function day(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
}

/**
 * /m/notice (accounts §2): the member's announcements as an accordion, opened at the query's `index`; opening an
 * unread one marks it read (store: locally at once, the server within 150 ms, then a reload). The content is the
 * server's sanitised HTML; http links open externally, other links stay in the site.
 */
export default function NoticeList() {
  const page = usePage(noticesPage);
  const state = useStore(page.$notices);
  useEffect(() => {
    void page.load().then(() => page.openFromQuery(window.location.search));
  }, [page]);
  if (state.list === null) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (state.list.length === 0) return <p className="empty-state">{t('notice.empty')}</p>;
  return (
    <ul className="notice-list">
      {state.list.map((notice, index) => {
        const open = state.open === index;
        return (
          <li key={notice.id} className={`notice-item card${notice.read ? '' : ' unread'}`}>
            <button type="button" className="notice-head" aria-expanded={open} aria-controls={`notice-${notice.id}`} onClick={() => page.toggle(index)}>
              <span className="notice-title" dir="auto">{notice.title}</span>
              <time dateTime={new Date(notice.startDate).toISOString()}>{day(notice.startDate)}</time>
            </button>
            {open && <div id={`notice-${notice.id}`} className="notice-body rich" dir="auto" dangerouslySetInnerHTML={{ __html: notice.content }} />}
          </li>
        );
      })}
    </ul>
  );
}
