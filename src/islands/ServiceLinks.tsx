import { useStore } from '@nanostores/react';
import { t, type MessageKey } from '../../rules/i18n';
import { flattenWhitelabel } from '../../rules/whitelabel';
import { liveChatEntry } from '../lib/liveChat';
import { $member } from '../stores/concepts/member';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings, $status } from '../stores/concepts/settings';
import { showToast } from '../stores/concepts/toast';
import { openLiveChat } from '../stores/concepts/liveChat';

/** Label of each customer-service type (player-shell §3 "Customer-service entry: csType (WHATSAPP, LIVECHAT, CS)"). */
const LABEL: Record<string, MessageKey> = { CS: 'service.CS', LIVECHAT: 'service.LIVECHAT', WHATSAPP: 'service.WHATSAPP' };
/** How long the free_reject toast stays (player-shell §8: 2 s, as the side menu's). */
const REFUSAL_TOAST_MS = 2000;

/**
 * The site's customer-service contacts from the system status (player-shell §3); the pages whose platform
 * feature runs through customer service (deposit, withdraw, agent contract) point players here. Each contact link
 * opens in a new tab, except "Live chat", which follows the one rule of every "Live chat" entry
 * (src/lib/liveChat.ts): with CBS3 on it opens the site's chat through the launch flow, as the message centre and
 * the side menu do (a visitor is sent to log in, a guest/trial account is refused); with CBS3 off it is the
 * operator's LIVECHAT link, if any. Pre-rendered as "loading".
 */
export default function ServiceLinks() {
  // The status store starts from the browser's cached copy as soon as another island mounted it; the hydration
  // render must match the pre-rendered HTML (loading), so it reads the store's initial value (null) first.
  const status = useStore($status, { ssr: 'initial' });
  const settings = useStore($settings);
  const session = useStore($session);
  const member = useStore($member);
  if (!status) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const entries = status.info.customerService.filter((e) => e.path);
  const chat = liveChatEntry({
    loggedIn: session !== null,
    memberType: session ? (member?.type ?? sessionMemberType(session)) : null,
    cbs3: (settings?.switches.CBS3 ?? flattenWhitelabel(status.info.whitelabel).CBS3) === true,
    entries,
  });
  const contacts = entries.filter((e) => e.csType !== 'LIVECHAT');
  if (contacts.length === 0 && chat.kind === 'none') return <p className="muted">{t('service.none')}</p>;
  const chatLabel = t('service.LIVECHAT');
  return (
    <ul className="link-list">
      {contacts.map((entry) => (
        <li key={entry.csType}>
          <a href={entry.path} target="_blank" rel="noopener noreferrer">
            {t(LABEL[entry.csType] ?? 'service.CS')}
            <span className="visually-hidden"> ({t('common.newTab')})</span>
          </a>
        </li>
      ))}
      {chat.kind === 'link' && (
        <li>
          <a href={chat.href} target="_blank" rel="noopener noreferrer" data-entry="liveChat">
            {chatLabel}
            <span className="visually-hidden"> ({t('common.newTab')})</span>
          </a>
        </li>
      )}
      {chat.kind === 'login' && <li><a href="/m/login" data-entry="liveChat">{chatLabel}</a></li>}
      {(chat.kind === 'chat' || chat.kind === 'refuse') && (
        <li>
          <button
            type="button"
            data-entry="liveChat"
            onClick={() => (chat.kind === 'chat' ? void openLiveChat(chatLabel) : showToast('free_reject', 'info', REFUSAL_TOAST_MS))}
          >
            {chatLabel}
          </button>
        </li>
      )}
    </ul>
  );
}
