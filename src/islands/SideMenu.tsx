import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import Dialog, { DIALOG_FADE_MS } from '../components/Dialog';
import Icon from '../components/Icon';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import { depositTarget } from '../lib/account';
import { t } from '../../rules/i18n';
import {
  groupOne, groupThree, groupTwo, MENU_TOAST_MS, serviceLink, menuTop, type MenuAction, type MenuContext, type MenuEntry,
} from '../stores/concepts/menu';
import { $vendorGameTypes } from '../stores/concepts/catalogue';
import { $member, $wallet, logout } from '../stores/concepts/member';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings, $status } from '../stores/concepts/settings';
import { showToast } from '../stores/concepts/toast';
import { openLiveChat } from '../stores/concepts/liveChat';
import { $device, $menuOpen, closeMenu, restoreMenuFocus } from '../stores/concepts/ui';
import ConfirmDialog from '../components/ConfirmDialog';
import LanguagePicker from '../components/LanguagePicker';
import { LOGOUT_TOAST_MS } from '../components/LogoutButton';
import ThemeToggle from '../components/ThemeToggle';
import '../styles/account.css';

const TITLE_ID = 'side-menu-title';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the menu: past the last control focus wraps to the first, and back. */
function trapFocus(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The side menu (player-shell §2 Side menu): a modal drawer opened from the header menu buttons, closed by its
 * close button, Escape or the backdrop; focus stays inside while open and returns to the opener on close. Its
 * content loads on first opening. Mounting it also keeps the system status fresh (player-shell §4 App status).
 */
export default function SideMenu() {
  const hydrated = useHydrated();
  const open = useStore($menuOpen) && hydrated;
  useStore($status);
  const [everOpened, setEverOpened] = useState(false);
  if (open && !everOpened) setEverOpened(true);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timer = setTimeout(restoreMenuFocus, DIALOG_FADE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Dialog open={open} labelledBy={TITLE_ID} onDismiss={closeMenu} className="side-menu">
      {/* Tab handling lives on this wrapper: the dialog keeps the rest of the page inert, this keeps focus from leaving. */}
      <div onKeyDown={trapFocus}>
        <div className="side-menu-head">
          <h2 id={TITLE_ID} className="side-menu-title">{t('menu.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('menu.close')} title={t('menu.close')} onClick={closeMenu}>
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {everOpened && <MenuContent />}
      </div>
    </Dialog>
  );
}

/** Carries out a menu action: follow a link, open live chat (the launch flow), open customer service, or show a 2 s toast. */
function useRunAction(): (action: MenuAction) => void {
  const status = useStore($status);
  return (action) => {
    if (action.kind === 'link') {
      window.location.assign(action.href);
      return;
    }
    if (action.kind === 'toast') {
      showToast(action.key, 'info', MENU_TOAST_MS);
      return;
    }
    if (action.kind === 'chat') {
      closeMenu();
      void openLiveChat(t('menu.liveChat'));
      return;
    }
    const url = serviceLink(status?.info.customerService ?? [], action.csType);
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    else showToast('contact_service', 'info', MENU_TOAST_MS);
  };
}

function Entry({ entry, run }: { entry: MenuEntry; run: (action: MenuAction) => void }) {
  const { action } = entry;
  return (
    <li>
      {action.kind === 'link' ? (
        <a className="menu-entry" href={action.href} data-entry={entry.id} onClick={closeMenu}>{t(entry.label)}</a>
      ) : (
        <button type="button" className="menu-entry" data-entry={entry.id} onClick={() => run(action)}>{t(entry.label)}</button>
      )}
    </li>
  );
}

/** The menu's content: top, account actions, the three groups and the settings. */
function MenuContent() {
  const session = useStore($session);
  const member = useStore($member);
  const wallet = useStore($wallet);
  const settings = useStore($settings);
  const mapping = useStore($vendorGameTypes);
  const device = useStore($device);
  const run = useRunAction();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState(false);

  const memberType = session ? (member?.type ?? sessionMemberType(session)) : null;
  const ctx: MenuContext = {
    loggedIn: session !== null,
    memberType,
    switches: settings?.switches ?? {},
    promotions: settings?.promotions ?? {},
    nativeApp: device.nativeApp,
    standalone: device.standalone,
  };
  const top = menuTop(member, session?.userName ?? null, wallet);
  const games = groupTwo((mapping ?? []).filter((e) => e.vendors.length > 0));
  const toggle = (category: string) => {
    const next = new Set(expanded);
    if (next.has(category)) next.delete(category);
    else next.add(category);
    setExpanded(next);
  };
  const deposit = () => {
    const target = depositTarget(memberType);
    if (target) window.location.assign(target);
    else showToast('free_reject', 'info', MENU_TOAST_MS);
  };

  return (
    <div className="side-menu-content">
      <section className="menu-top" aria-label={t('menu.account')}>
        <span className="menu-avatar" aria-hidden="true"><Icon name="user" size={26} /></span>
        <div className="menu-who">
          <p className="menu-name">{top.name ?? t('menu.pleaseLogin')}</p>
          <p className="menu-balance">
            <span className="visually-hidden">{t('wallet.balance')}: </span>
            {top.balance ?? t('common.dash')}
          </p>
        </div>
      </section>
      {session ? (
        <div className="menu-actions">
          <a className="btn btn-small" href="/m/withdraw" onClick={closeMenu}>{t('menu.withdraw')}</a>
          <button type="button" className="btn btn-small btn-primary" onClick={deposit}>{t('header.deposit')}</button>
          <button type="button" className="btn btn-small" aria-haspopup="dialog" onClick={() => setAsking(true)}>
            <Icon name="logout" size={18} />
            {t('menu.signOut')}
          </button>
        </div>
      ) : (
        <div className="menu-actions">
          <a className="btn btn-small" href="/m/login" onClick={closeMenu}>{t('header.login')}</a>
          <a className="btn btn-small btn-primary" href="/m/register" onClick={closeMenu}>{t('header.register')}</a>
        </div>
      )}

      <nav aria-labelledby="menu-g1">
        <h3 id="menu-g1" className="menu-group-title">{t('menu.group.features')}</h3>
        <ul className="menu-list">{groupOne(ctx).map((e) => <Entry key={e.id} entry={e} run={run} />)}</ul>
      </nav>

      <nav aria-labelledby="menu-g2">
        <h3 id="menu-g2" className="menu-group-title">{t('menu.group.games')}</h3>
        <ul className="menu-list">
          <Entry entry={games.inhouse} run={run} />
          {games.lotteryDraws && <Entry entry={games.lotteryDraws} run={run} />}
          {games.categories.map((c) => (
            <li key={c.category}>
              {c.expandable ? (
                <>
                  <button
                    type="button"
                    className="menu-entry menu-expand"
                    aria-expanded={expanded.has(c.category)}
                    aria-controls={`menu-vendors-${c.category}`}
                    onClick={() => toggle(c.category)}
                  >
                    {categoryLabel(c.category)}
                  </button>
                  <ul id={`menu-vendors-${c.category}`} className="menu-sub" hidden={!expanded.has(c.category)}>
                    {c.vendors.map((v) => (
                      <li key={v.vassalage}><a className="menu-entry" href={v.href} onClick={closeMenu} dir="auto">{v.name}</a></li>
                    ))}
                  </ul>
                </>
              ) : (
                <a className="menu-entry" href={c.href} onClick={closeMenu}>{categoryLabel(c.category)}</a>
              )}
            </li>
          ))}
        </ul>
      </nav>

      <nav aria-labelledby="menu-g3">
        <h3 id="menu-g3" className="menu-group-title">{t('menu.group.help')}</h3>
        <ul className="menu-list">{groupThree(ctx).map((e) => <Entry key={e.id} entry={e} run={run} />)}</ul>
      </nav>

      <section aria-labelledby="menu-g4">
        <h3 id="menu-g4" className="menu-group-title">{t('menu.group.settings')}</h3>
        <ThemeToggle />
        <LanguagePicker />
      </section>

      <ConfirmDialog
        open={asking}
        title={t('header.logout')}
        message={t('header.logoutConfirm')}
        onConfirm={() => {
          setAsking(false);
          showToast('header.loggingOut', 'loading', LOGOUT_TOAST_MS);
          void logout();
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
