/**
 * Turns the items of an order request into priced bets (POST /lgw/orders). Pure; throws the 400 answers.
 */
import { ApiError } from '../../lib/envelope';
import { BET_PLAY_TYPES, oddsKey, parseBet, playTypesOf, type Bet } from './bets';
import { oddsTableFor, payoutMinor, type GameOdds, type PrizeMode } from './odds';

/** The lottery facts of a game that pricing needs. Money in minor units. */
export interface PricingGame {
  lottoMode: string | null;
  minStakeMinor: number;
  maxStakeMinor: number;
  /** No single bet may be able to win more than this. */
  maxPayoutMinor: number;
  odds: GameOdds;
}

/** One requested bet, untrusted. */
export interface OrderItemInput {
  betType: unknown;
  selection: unknown;
  stakeMinor: unknown;
}

/** A validated bet with its stake and the odds locked in at order time. */
export interface PricedBet {
  bet: Bet;
  stakeMinor: number;
  oddsMilli: number;
}

/**
 * Validates and prices every item, in order. Errors (value `{ index }` names the first bad item):
 * - 400 `invalid_prize_mode`: the game has no odds table for the prize mode;
 * - 400 `invalid_bet`: unknown bet type, a selection that is not exactly the bet type's shape, or a bet type the
 *   game's play types (its lotto mode) do not offer;
 * - 400 `invalid_stake`: a stake that is not a whole number of minor units within [minStake, maxStake], or whose
 *   possible payout exceeds the game's maximum payout.
 */
export function priceItems(game: PricingGame, prizeMode: string, items: readonly OrderItemInput[]): { prizeMode: PrizeMode; bets: PricedBet[] } {
  const table = oddsTableFor(game.odds, prizeMode);
  const playTypes = playTypesOf(game.lottoMode);
  const bets = items.map((item, index): PricedBet => {
    const bet = parseBet(item.betType, item.selection);
    if (!bet) throw new ApiError(400, 'invalid_bet', `Item ${index}: unknown bet type or malformed selection`, { index });
    if (!BET_PLAY_TYPES[bet.betType].some((t) => playTypes.includes(t))) {
      throw new ApiError(400, 'invalid_bet', `Item ${index}: this game does not offer ${bet.betType}`, { index });
    }
    const stake = item.stakeMinor;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < game.minStakeMinor || stake > game.maxStakeMinor) {
      throw new ApiError(400, 'invalid_stake',
        `Item ${index}: the stake must be a whole number of minor units from ${game.minStakeMinor} to ${game.maxStakeMinor}`, { index });
    }
    const oddsMilli = table[oddsKey(bet)];
    if (oddsMilli === undefined) throw new Error(`odds line ${oddsKey(bet)} missing`);
    if (payoutMinor(stake, oddsMilli) > game.maxPayoutMinor) {
      throw new ApiError(400, 'invalid_stake', `Item ${index}: this stake could win more than ${game.maxPayoutMinor}`, { index });
    }
    return { bet, stakeMinor: stake, oddsMilli };
  });
  return { prizeMode: prizeMode as PrizeMode, bets };
}
