/**
 * Game launch routing (player-shell §4 "Game launch (tile click)"): one pure decision per tile tap.
 */
import type { Game, VendorGameType } from '../../api/catalogue';

/** Prize modes of the lottery launcher (player-shell §2 /m/launchGame, §4). */
export type PrizeMode = 'ELOTT' | 'LOTT' | 'SEA';
/** Play types of the lottery launcher: trad (Tradition) or ent (Entertainment). */
export type PlayType = 'trad' | 'ent';

/** The vendor codes with their own lottery launch (player-shell §4). */
export const LOTTO_VN = 'TCG_LOTTO_VN';
export const LOTTO_SEA = 'TCG_SEA';
/** Member type of guest/trial accounts (player-shell §3, §9). */
export const TRIAL_MEMBER_TYPE = 4;

/** The game fields launch routing reads; supportPlay only matters for the generic launcher (absent = no free play). */
export type LaunchGame = Pick<Game, 'nodeId' | 'vassalage' | 'gameType' | 'gameId' | 'gameGroupId' | 'lottoMode'>
  & Partial<Pick<Game, 'supportPlay'>>;

/** What launch routing knows besides the game. */
export interface LaunchContext {
  /** Member type of the session, or null when there is no session. */
  memberType: number | null;
  /** The vendor mapping per game type (GET vendor game types). */
  mapping: readonly Pick<VendorGameType, 'gameCategory' | 'gameType' | 'vendors'>[];
  /** Where the tile was tapped; from home the launcher's close button returns home (pageBack). */
  from: 'home' | 'list';
}

/** The outcome: go to login, open the lottery launcher, or ask the generic launcher for a URL. */
export type LaunchPlan =
  | { kind: 'login'; href: string }
  | { kind: 'lottery'; href: string; prizeMode: PrizeMode; playType: PlayType }
  | { kind: 'generic'; nodeId: number; gameId: string; vassalage: string; freePlay: boolean };

/**
 * "The prize mode is the Elott mode if the mapping has an ELOTT entry for TCG_LOTTO_VN or LOTT, otherwise the
 * lott mode." Read as: the mapping's ELOTT category lists the vendor TCG_LOTTO_VN or LOTT.
 */
export function prizeModeFor(mapping: LaunchContext['mapping']): PrizeMode {
  const elott = mapping.filter((entry) => entry.gameCategory === 'ELOTT' || entry.gameType === 'ELOTT');
  const listed = elott.some((entry) => entry.vendors.some((v) => v.vassalage === LOTTO_VN || v.vassalage === 'LOTT'));
  return listed ? 'ELOTT' : 'LOTT';
}

/** "playType ent if lottoMode contains Entertainment, else trad." */
export function playTypeFor(lottoMode: string | null | undefined): PlayType {
  return lottoMode?.includes('Entertainment') ? 'ent' : 'trad';
}

function launcherHref(game: LaunchGame, playType: PlayType, prizeMode: PrizeMode, lobby: boolean, home: boolean): string {
  const query = new URLSearchParams({ playType, gameId: game.gameId });
  if (game.gameGroupId) query.set('gameGroupId', game.gameGroupId);
  query.set('prize_mode', prizeMode);
  if (lobby) query.set('code', 'lobby');
  if (home) query.set('pageBack', 'home');
  return `/m/launchGame?${query.toString()}`;
}

/**
 * Decides what a tile tap does (player-shell §4): no session → /m/login; TCG_LOTTO_VN → the lottery launcher
 * in the Elott prize mode at the vendor's lobby; TCG_SEA → the launcher in prize mode SEA; LOTT and ELOTT → the
 * launcher with playType and the mapping's prize mode; anything else → the generic launcher, with free play when
 * supportPlay is 0 and the player is a trial member.
 */
export function planLaunch(game: LaunchGame, context: LaunchContext): LaunchPlan {
  if (context.memberType === null) return { kind: 'login', href: '/m/login' };
  const playType = playTypeFor(game.lottoMode);
  const home = context.from === 'home';
  if (game.vassalage === LOTTO_VN) {
    return { kind: 'lottery', href: launcherHref(game, playType, 'ELOTT', true, home), prizeMode: 'ELOTT', playType };
  }
  if (game.vassalage === LOTTO_SEA) {
    return { kind: 'lottery', href: launcherHref(game, playType, 'SEA', false, home), prizeMode: 'SEA', playType };
  }
  if (game.gameType === 'LOTT' || game.gameType === 'ELOTT') {
    const prizeMode = prizeModeFor(context.mapping);
    return { kind: 'lottery', href: launcherHref(game, playType, prizeMode, false, home), prizeMode, playType };
  }
  const freePlay = game.supportPlay === 0 && context.memberType === TRIAL_MEMBER_TYPE;
  return { kind: 'generic', nodeId: game.nodeId, gameId: game.gameId, vassalage: game.vassalage, freePlay };
}

/** The lottery launcher's query (player-shell §2 /m/launchGame). */
export interface LauncherQuery {
  playType: PlayType;
  gameId: string;
  gameGroupId: string | null;
  prizeMode: string;
  /** Entry code; "code (default lobby)". */
  code: string;
  pageBack: string | null;
  /** The lottery site id of the address, when given; else the merchant code in lower case. */
  mui: string | null;
}

/** Reads /m/launchGame's query: playType (trad or ent), gameId, gameGroupId, prize_mode, code (default lobby), pageBack. */
export function parseLauncherQuery(search: string): LauncherQuery {
  const query = new URLSearchParams(search);
  return {
    playType: query.get('playType') === 'ent' ? 'ent' : 'trad',
    gameId: query.get('gameId') ?? '',
    gameGroupId: query.get('gameGroupId') || null,
    prizeMode: query.get('prize_mode') || prizeModeFor([]),
    code: query.get('code') || 'lobby',
    pageBack: query.get('pageBack') || null,
    mui: query.get('mui') || null,
  };
}

/** "Closing returns to /m/home if pageBack is set, otherwise to /m/game." */
export function launcherCloseHref(pageBack: string | null): string {
  return pageBack ? '/m/home' : '/m/game';
}

/** "mui = merchant code lower-case unless given" (player-shell §2 /m/launchGame). */
export function muiFor(given: string | null, merchantCode: string): string {
  return given?.trim() || merchantCode.toLowerCase();
}

/** What the launcher puts into the embedded lottery address. */
export interface LottoH5Link {
  mui: string;
  playType: PlayType;
  gameId: string;
  token: string;
  merchant: string;
  /** The theme the lottery page draws in (dark or light). */
  css: string;
  prizeMode: string;
}

/**
 * The embedded lottery address the launcher opens (player-shell §2): /m/lotto-h5/{mui}/{playType}/games/{gameId}
 * with query token, merchant, css and prize_mode.
 */
export function lottoH5Href(link: LottoH5Link): string {
  const path = ['/m/lotto-h5', link.mui, link.playType, 'games', link.gameId].map((part, i) => (i === 0 ? part : encodeURIComponent(part)));
  const query = new URLSearchParams({ token: link.token, merchant: link.merchant, css: link.css, prize_mode: link.prizeMode });
  return `${path.join('/')}?${query.toString()}`;
}

/** Session storage key holding where the lottery page's close button goes (set by the launcher). */
export const LOTTO_CLOSE_KEY = 'pd.lottoClose';
