/**
 * Side menu rules (player-shell §2 "Side menu", §6 Roles; accounts §6): what the top shows, which entries each
 * group holds for whom, and what each entry does. Pure: the SideMenu island renders what these return.
 */
import type { VendorGameType } from '../../api/catalogue';
import { liveChatEntry } from '../../lib/liveChat';
import type { MessageKey } from '../../../rules/i18n';
import { formatMoney } from '../../lib/money';

/** free_reject and contact_service toasts last 2 s (player-shell §8). */
export const MENU_TOAST_MS = 2000;
/** "RNG, LIVE and FISH expand and collapse on tap; other categories navigate directly." */
export const EXPANDABLE_CATEGORIES: ReadonlySet<string> = new Set(['RNG', 'LIVE', 'FISH']);

/** What tapping an entry does. */
export type MenuAction =
  | { kind: 'link'; href: string }
  /** Open the site's customer-service entry of this type (falls back to CS). */
  | { kind: 'service'; csType: 'CS' | 'LIVECHAT' }
  /** Live chat: the launch-chat flow (src/lib/liveChat.ts, src/stores/pages/chat.ts openLiveChat). */
  | { kind: 'chat' }
  | { kind: 'toast'; key: 'contact_service' | 'free_reject' };

/** One entry of a menu group. */
export interface MenuEntry {
  id: string;
  label: MessageKey;
  action: MenuAction;
}

/** What the menu knows about the player and the site. */
export interface MenuContext {
  loggedIn: boolean;
  /** Member type (member info, else session); null when logged out. */
  memberType: number | null;
  /** Site switches by module id (CBS3, REWCEN3, …). */
  switches: Readonly<Record<string, boolean>>;
  /** Promotion availability (REFERRAL, MISSION, LOGIN). */
  promotions: Readonly<Record<string, { enabled: boolean }>>;
  /** Inside the native app or running as an installed web app. */
  nativeApp: boolean;
  standalone: boolean;
}

const link = (href: string): MenuAction => ({ kind: 'link', href });
const promotionOn = (ctx: MenuContext, key: string) => ctx.promotions[key]?.enabled === true;

/**
 * Top of the menu: "nickname (else account, else a please-login prompt), currency symbol and total balance (a dash
 * when logged out)". A null name means the please-login prompt.
 */
export function menuTop(
  member: { nickname?: string | null; account?: string | null } | null,
  sessionUserName: string | null,
  wallet: { sumBalance: number; currency?: string; currencySymbol: string } | null,
): { name: string | null; balance: string | null } {
  if (sessionUserName === null) return { name: null, balance: null };
  const name = member?.nickname?.trim() || member?.account?.trim() || sessionUserName || null;
  return { name, balance: wallet ? formatMoney(wallet.sumBalance, { code: wallet.currency, symbol: wallet.currencySymbol }) : null };
}

/**
 * Invite entry: "agent members go to /m/agentRegister; others go to /m/inviteFriends if REFERRAL is enabled,
 * otherwise customer service opens". Agent means "member type above 0 in the menu logic".
 */
export function inviteAction(memberType: number | null, referralEnabled: boolean): MenuAction {
  if (memberType !== null && memberType > 0) return link('/m/agentRegister');
  return referralEnabled ? link('/m/inviteFriends') : { kind: 'service', csType: 'CS' };
}

/**
 * Reward centre: "opens only if REWCEN3 is on, else the toast contact_service shows for 2 s; it requires login"
 * (a visitor goes to /m/login).
 */
export function rewardCenterAction(rewardCentreOn: boolean, loggedIn: boolean): MenuAction {
  if (!rewardCentreOn) return { kind: 'toast', key: 'contact_service' };
  return link(loggedIn ? '/m/rewardCenter' : '/m/login');
}

/**
 * Group one: app download (only outside the native app and installed web app), invite friends, reward centre,
 * leaderboard and sign-in (these two only to a logged-in user when MISSION or LOGIN is enabled).
 */
export function groupOne(ctx: MenuContext): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (!ctx.nativeApp && !ctx.standalone) entries.push({ id: 'app', label: 'menu.app', action: link('/m/app') });
  entries.push({ id: 'invite', label: 'menu.invite', action: inviteAction(ctx.memberType, promotionOn(ctx, 'REFERRAL')) });
  entries.push({
    id: 'rewardCenter', label: 'menu.rewardCenter', action: rewardCenterAction(ctx.switches.REWCEN3 === true, ctx.loggedIn),
  });
  if (ctx.loggedIn && (promotionOn(ctx, 'MISSION') || promotionOn(ctx, 'LOGIN'))) {
    entries.push({ id: 'leaderBoard', label: 'menu.leaderBoard', action: link('/m/leaderBoard') });
    entries.push({ id: 'signIn', label: 'menu.signIn', action: link('/m/activity/signIn') });
  }
  return entries;
}

/**
 * Live chat (the entry shows only with CBS3): the one rule of every "Live chat" entry (src/lib/liveChat.ts) — a
 * visitor logs in first, guest/trial accounts are refused with free_reject (accounts §6), a member gets the
 * launch-chat flow, as in the message centre.
 */
export function liveChatAction(loggedIn: boolean, memberType: number | null): MenuAction {
  const action = liveChatEntry({ loggedIn, memberType, cbs3: true, entries: [] });
  if (action.kind === 'login') return link('/m/login');
  if (action.kind === 'chat') return { kind: 'chat' };
  return { kind: 'toast', key: 'free_reject' };
}

/** Group three: promotions, live chat customer service (only when CBS3 is on), FAQ, feedback. */
export function groupThree(ctx: MenuContext): MenuEntry[] {
  const entries: MenuEntry[] = [{ id: 'promotions', label: 'menu.promotions', action: link('/m/activity') }];
  if (ctx.switches.CBS3 === true) {
    entries.push({ id: 'liveChat', label: 'menu.liveChat', action: liveChatAction(ctx.loggedIn, ctx.memberType) });
  }
  entries.push({ id: 'faq', label: 'menu.faq', action: link('/m/help') });
  entries.push({ id: 'feedback', label: 'menu.feedback', action: link(ctx.loggedIn ? '/m/feedback' : '/m/login') });
  return entries;
}

/** A category entry of group two; expandable ones list their vendors. */
export interface CategoryEntry {
  category: string;
  href: string;
  expandable: boolean;
  vendors: { vassalage: string; name: string; href: string }[];
}

const gameListHref = (gameType: string, vassalage?: string) =>
  `/m/gameList?${new URLSearchParams(vassalage ? { gameType, vassalage } : { gameType }).toString()}`;

/** Display name of a vendor: its own accountTypeName, else the first name, else the code. */
export function vendorDisplayName(vendor: Pick<VendorGameType['vendors'][number], 'vassalage' | 'vendorNames'>): string {
  return vendor.vendorNames.find((n) => n.vassalage === vendor.vassalage)?.accountTypeName
    ?? vendor.vendorNames[0]?.accountTypeName
    ?? vendor.vassalage;
}

/** The lottery categories whose draws /m/lottery lists (player-shell §3). */
const LOTTERY_CATEGORIES: ReadonlySet<string> = new Set(['LOTT', 'ELOTT']);

/**
 * Group two: the in-house games entry (key inhouse, the site's own game centre) and one entry per vendor category
 * from the vendor sorting list; RNG, LIVE and FISH expand to their vendors, others navigate to their game list.
 * PlayDeck adds "Lottery draws" (/m/lottery, every draw's count-down; the spec lists the page but links it from
 * nowhere) after the in-house entry when the site has a lottery category; null otherwise.
 */
export function groupTwo(mapping: readonly Pick<VendorGameType, 'gameCategory' | 'gameType' | 'sortOrder' | 'vendors'>[]): {
  inhouse: MenuEntry;
  lotteryDraws: MenuEntry | null;
  categories: CategoryEntry[];
} {
  const sorted = [...mapping].sort((a, b) => a.sortOrder - b.sortOrder);
  const categories = sorted.map((entry) => {
    const category = entry.gameCategory;
    const expandable = EXPANDABLE_CATEGORIES.has(category);
    return {
      category,
      href: gameListHref(entry.gameType),
      expandable,
      vendors: expandable
        ? entry.vendors.map((v) => ({ vassalage: v.vassalage, name: vendorDisplayName(v), href: gameListHref(entry.gameType, v.vassalage) }))
        : [],
    };
  });
  const lotteryDraws: MenuEntry | null = mapping.some((e) => LOTTERY_CATEGORIES.has(e.gameCategory))
    ? { id: 'lotteryDraws', label: 'menu.lotteryDraws', action: link('/m/lottery') }
    : null;
  return { inhouse: { id: 'inhouse', label: 'menu.inhouse', action: link('/m/gameCenter') }, lotteryDraws, categories };
}

/** A customer-service entry of the system status (player-shell §3: csType WHATSAPP, LIVECHAT, CS; path). */
export interface ServiceEntry {
  csType: string;
  path: string;
}

/** The customer-service link to open: the entry of the wanted type, else CS, else any entry; null when none. */
export function serviceLink(entries: readonly ServiceEntry[], csType: 'CS' | 'LIVECHAT'): string | null {
  const of = (type: string) => entries.find((e) => e.csType === type && e.path)?.path;
  return of(csType) ?? of('CS') ?? entries.find((e) => e.path)?.path ?? null;
}
