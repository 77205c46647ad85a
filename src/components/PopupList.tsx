import { useId } from 'react';
import Dialog from './Dialog';
import { t } from '../../rules/i18n';
import { popupDay } from '../lib/popups';
import type { PopupState } from '../stores/pages/homePopups';

/** Props of the login popup list: the store's state and its actions. */
export interface PopupListProps {
  state: PopupState;
  onClose: () => void;
  onToggle: (index: number) => void;
  onStep: (step: -1 | 1) => void;
  onReward: () => void;
}

/**
 * The login popup list (accounts §2 Announcement popup): an accordion of the popups — title, start date
 * YYYY/MM/DD, the sanitised rich content of the open one — with previous/next (never out of range), the reward
 * centre action for a member on an item with a promotion type, and close (button, Escape or backdrop).
 */
export default function PopupList({ state, onClose, onToggle, onStep, onReward }: PopupListProps) {
  const id = useId();
  const current = state.index === null ? null : state.list[state.index];
  return (
    <Dialog open={state.open} labelledBy={`${id}-title`} onDismiss={onClose} className="popup-list">
      <div className="popup-head">
        <h2 id={`${id}-title`} className="dialog-title">{t('notice.title')}</h2>
        <button type="button" className="icon-btn popup-close" aria-label={t('common.close')} onClick={onClose}>×</button>
      </div>
      <ul className="popup-items">
        {state.list.map((item, index) => {
          const open = state.index === index;
          return (
            <li key={item.id} className="popup-item">
              <button type="button" className="popup-item-head" aria-expanded={open} aria-controls={`${id}-${item.id}`} onClick={() => onToggle(index)}>
                <span className="popup-item-title" dir="auto">{item.title}</span>
                <time dateTime={new Date(item.startDate).toISOString()}>{popupDay(item.startDate)}</time>
              </button>
              {open && <div id={`${id}-${item.id}`} className="popup-item-body rich" dir="auto" dangerouslySetInnerHTML={{ __html: item.content }} />}
            </li>
          );
        })}
      </ul>
      <div className="dialog-actions popup-actions">
        <button type="button" className="btn" disabled={(state.index ?? 0) <= 0} onClick={() => onStep(-1)}>{t('content.previous')}</button>
        {state.member && current?.promotionType ? (
          <button type="button" className="btn btn-primary" onClick={onReward}>{t('content.rewardCentre')}</button>
        ) : null}
        <button type="button" className="btn" disabled={(state.index ?? 0) >= state.list.length - 1} onClick={() => onStep(1)}>{t('content.next')}</button>
      </div>
    </Dialog>
  );
}
