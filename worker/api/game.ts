import { CallRouter } from './call-router';
import { catalogueCalls, isLotteryLobbyLaunch } from '../../contract/calls/catalogue';
import type { ValueOf } from '../../contract/call';
import { ApiError, ok } from '../lib/envelope';
import { findOfferedGame, findOfferedGameById, recordRecentGame } from '../db/queries/games';
import { listLotteryGames } from '../db/queries/lottery-games';
import { merchantOffersCategory } from '../db/queries/vendors';
import { checkLaunch, launchUrl } from '../services/games/launch';
import { memberOnly } from '../middleware/member-only';
import { REAL_MEMBER_TYPES, requestNow, requireMember } from '../middleware/auth-context';
import { assertNotExcluded } from '../services/protection/exclusion';
import { requestLanguage } from '../middleware/language';
import { findVendorProvider } from '../db/queries/provider-wallet';
import { providerLaunchUrl } from '../services/games/providers/launch';
import { demoKindOf } from '../../rules/demoGames';

/** The site's lottery lobby page (player-shell §2 /m/lottery): where the lottery lobby launch sends the player. */
export const LOTTERY_LOBBY_URL = '/m/lottery';

/**
 * Router for /wps/game (platform-contract.md §2 "launch game"; player-shell §4 "Game launch", §6).
 */
export const gameRouter = new CallRouter('/wps/game')
  /**
   * GET /launchGame?launchMode=GLS|LOTT&… → `{ content: { game_url, nodeId, vassalage, freePlay } }`. Needs a
   * session (401 `customer.not.login` / `user.or.token.invalid`, before the input). The game is named by nodeId
   * (GLS), or by nodeId or lottoGameCode (LOTT); a gameId that is not the node's game is 404. accountType 0 asks
   * for free play. Errors: 400 `request_param_err` (also a missing launchMode: the platform would answer 500
   * "#727 system busy", PlayDeck never answers 5xx for a client mistake); 404 `game_not_found`; 409
   * `vendor_maintenance`; 403 `free_reject` (guest/trial member, game without free play); 403 `player_on_break` |
   * `player_self_excluded` (a real member on a break or self-excluded, free play too); 400
   * `free_play_unavailable`; 409 `game_currency_unavailable`, 502 `game_provider_unavailable` (a game provider's
   * launch, below). Records the launch in the member's recent games. game_url: the URL a game provider answered for
   * a vendor it serves on the site (docs/game-providers.md "Launch": a one-time launch token for real money, none for
   * free play), else the demo slot page for demo games, the lottery launcher (/m/launchGame…, with code=lobby for lottoView=lobby) for lottery games. The
   * lottery lobby launch (§7.5: launchMode=LOTT, lottoView=lobby, no nodeId, no game's lottoGameCode) answers the
   * site's lottery lobby, game_url /m/lottery (404 `game_not_found` when the site has no lottery game); the player's
   * member type does not matter there, as no game is played yet.
   */
  .serve(catalogueCalls.launchGame, memberOnly, async (c) => {
    const member = requireMember(c);
    const q = c.req.valid('query');
    const merchantCode = c.var.merchant.code;
    // A real member on a break or self-excluded launches nothing, free play included (403; docs/player-protection.md).
    if (REAL_MEMBER_TYPES.includes(member.type)) await assertNotExcluded(c.env.DB, member, requestNow(c));
    if (isLotteryLobbyLaunch(q)) {
      // The lottery lobby (platform-contract.md §7.5): no game is launched, so nothing joins the recent games.
      if ((await listLotteryGames(c.env.DB, merchantCode)).length === 0) throw new ApiError(404, 'game_not_found', 'This site has no lottery games');
      return ok(c, { content: { game_url: LOTTERY_LOBBY_URL } } satisfies ValueOf<typeof catalogueCalls.launchGame>);
    }
    const found = q.nodeId !== undefined
      ? await findOfferedGame(c.env.DB, merchantCode, q.nodeId)
      : await findOfferedGameById(c.env.DB, merchantCode, q.lottoGameCode ?? '');
    const gameId = q.gameId ?? (q.launchMode === 'LOTT' ? q.lottoGameCode : undefined);
    if (!found || (gameId !== undefined && gameId !== found.game.gameId)) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    const game = { ...found.game, launchAdapter: found.launchAdapter, vendorMaintenance: found.vendorMaintenance };
    const decision = checkLaunch(REAL_MEMBER_TYPES.includes(member.type), game, q.accountType === '0');
    // A vendor whose games a game provider serves on this site launches through that provider (docs/game-providers.md).
    const provider = found.launchAdapter === 'lottery' ? null : await findVendorProvider(c.env.DB, merchantCode, found.game.vassalage);
    if (provider) {
      const origin = new URL(c.req.url).origin;
      const gameUrl = await providerLaunchUrl(c.env, provider, {
        memberId: member.memberId, gameCode: found.game.gameId, gameKind: demoKindOf(found.game.gameType, found.game.gameClassifyNew ?? null) ?? 'slot',
        currency: c.var.merchant.currency, freePlay: decision.freePlay, language: requestLanguage(c), returnUrl: `${origin}/m/home`,
        device: /Mobi|Android|iPhone|iPad/.test(c.req.header('User-Agent') ?? '') ? 'mobile' : 'desktop',
        walletUrl: `${origin}/wps/playdeck/games/wallet/${provider.code}`,
      });
      await recordRecentGame(c.env.DB, member.memberId, found.game.nodeId);
      return ok(c, { content: { game_url: gameUrl, nodeId: found.game.nodeId, vassalage: found.game.vassalage, freePlay: decision.freePlay } } satisfies ValueOf<typeof catalogueCalls.launchGame>);
    }
    const mappingHasElott = found.launchAdapter === 'lottery' ? await merchantOffersCategory(c.env.DB, merchantCode, 'ELOTT') : false;
    let url = launchUrl(game, mappingHasElott);
    if (found.launchAdapter === 'lottery' && q.lottoView === 'lobby') url += '&code=lobby';
    // A real member who chose free play (supportPlay 0) opens the demo in its free mode.
    if (found.launchAdapter === 'demo' && decision.freePlay && REAL_MEMBER_TYPES.includes(member.type)) url += '&freePlay=1';
    await recordRecentGame(c.env.DB, member.memberId, found.game.nodeId);
    const value: ValueOf<typeof catalogueCalls.launchGame> = {
      content: { game_url: url, nodeId: found.game.nodeId, vassalage: found.game.vassalage, freePlay: decision.freePlay },
    };
    return ok(c, value);
  });
