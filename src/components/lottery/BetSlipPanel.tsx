import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { betLabel, betTypeLabel, pickLabel } from '../lotteryLabels';
import {
  betTypesFor, formatOdds, oddsKeyOf, payoutOf, POSITIONAL, POSITIONS, sameBet, selectionsOf, slipProblem, slipTotal, stakeChips,
  type BetPick, type PlayType,
} from '../../lib/betSlip';
import { isMessageKey, t } from '../../../rules/i18n';
import { formatMoney } from '../../lib/money';
import { $wallet } from '../../stores/concepts/member';
import type { LotteryRoundPage } from '../../stores/pages/lotteryRound';
import { $session } from '../../stores/concepts/session';

/** Props: the play type on screen and the symbol money is shown with. */
export interface BetSlipPanelProps {
  /** The lottery page's visit (src/stores/pages/lotteryRound.ts). */
  lottery: LotteryRoundPage;
  playType: PlayType;
  currencySymbol: string;
  /** Betting on the draw on screen has closed (count-down at zero): nothing can be placed until the next draw. */
  closed: boolean;
}

/** What a selection shows on its button: the digit or sum, else the pick's label. */
function selectionText(selection: Record<string, string | number>): string {
  if (selection.digit !== undefined) return String(selection.digit);
  if (selection.sum !== undefined) return String(selection.sum);
  return pickLabel(String(selection.pick));
}

/**
 * The bet slip (player-shell §2 /m/lotto-h5): the play type's bet types, their selections with odds (stake
 * included), stake chips in the site currency, the bets chosen with the total and the best payout, and "place
 * bets". Messages: placed, draw closed (the slip stays for the next draw), lost answer (retry with the same key).
 */
export default function BetSlipPanel({ lottery, playType, currencySymbol, closed }: BetSlipPanelProps) {
  const { sheet, prizeMode } = useStore(lottery.$round);
  const slip = useStore(lottery.$slip);
  const wallet = useStore($wallet);
  const session = useStore($session);
  const [chosenType, setChosenType] = useState<string | null>(null);
  const [position, setPosition] = useState<number>(1);
  if (!sheet || !prizeMode) return null;
  const types = betTypesFor(sheet.betTypes, playType);
  const betType = chosenType && types.includes(chosenType) ? chosenType : (types[0] ?? '');
  const table = sheet.odds[prizeMode] ?? {};
  const oddsOf = (bet: BetPick) => table[oddsKeyOf(bet)] ?? 0;
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const chips = stakeChips(sheet.minStakeMinor, sheet.maxStakeMinor);
  const problem = slipProblem(slip.picks, slip.stakeMinor, oddsOf, { ...sheet, balanceMinor: session ? (wallet?.sumBalance ?? null) : null });
  const total = slipTotal(slip.picks, slip.stakeMinor);
  const bestPayout = slip.picks.reduce((best, bet) => Math.max(best, payoutOf(slip.stakeMinor, oddsOf(bet))), 0);
  const problemKey = problem && problem !== 'empty' ? `lottery.slip.${problem}` : null;
  const noticeText = slip.notice && t(slip.notice.key, slip.notice.params);

  return (
    <section className="card lotto-slip" aria-labelledby="lotto-slip-title">
      <h2 id="lotto-slip-title">{t('lottery.slip.title')}</h2>
      <div className="chips" role="group" aria-label={t('lottery.slip.betType')}>
        {types.map((type) => (
          <button key={type} type="button" className="chip" aria-pressed={type === betType} onClick={() => setChosenType(type)}>
            {betTypeLabel(type)}
          </button>
        ))}
      </div>
      {POSITIONAL.has(betType) && (
        <div className="chips" role="group" aria-label={t('lottery.slip.position')}>
          {POSITIONS.map((p) => (
            <button key={p} type="button" className="chip" aria-pressed={p === position} onClick={() => setPosition(p)}>
              {t('lottery.position', { n: p })}
            </button>
          ))}
        </div>
      )}
      <ul className={`lotto-picks${betType === 'sum_value' || betType === 'digit' ? ' lotto-picks-dense' : ''}`} aria-label={betTypeLabel(betType)}>
        {selectionsOf(betType, position).map((selection) => {
          const bet = { betType, selection };
          const chosen = slip.picks.some((b) => sameBet(b, bet));
          return (
            <li key={JSON.stringify(selection)}>
              <button type="button" className="lotto-pick" aria-pressed={chosen} onClick={() => lottery.toggleBet(bet)}>
                <span className="lotto-pick-name">{selectionText(selection)}</span>
                <span className="lotto-odds">{t('lottery.odds', { odds: formatOdds(oddsOf(bet)) })}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <fieldset className="lotto-stakes">
        <legend>{t('lottery.slip.stake')}</legend>
        <div className="chips">
          {chips.map((chip) => (
            <label key={chip} className="chip">
              <input type="radio" name="lotto-stake" checked={slip.stakeMinor === chip} onChange={() => lottery.setStake(chip)} />
              {money(chip)}
            </label>
          ))}
        </div>
      </fieldset>
      {slip.picks.length > 0 && (
        <ul className="lotto-chosen" aria-label={t('lottery.slip.chosen')}>
          {slip.picks.map((bet) => {
            const label = betLabel(bet.betType, bet.selection);
            return (
              <li key={`${bet.betType}:${JSON.stringify(bet.selection)}`}>
                <span>{label}</span>
                <span className="muted">{t('lottery.odds', { odds: formatOdds(oddsOf(bet)) })}</span>
                <button type="button" className="btn btn-small" aria-label={t('lottery.slip.remove', { bet: label })} onClick={() => lottery.toggleBet(bet)}>
                  {t('lottery.slip.removeShort')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="lotto-total">
        {t('lottery.slip.summary', { count: slip.picks.length, total: money(total), payout: money(bestPayout) })}
      </p>
      {problemKey && isMessageKey(problemKey) && (
        <p className="field-error">{t(problemKey, { min: money(sheet.minStakeMinor), max: money(sheet.maxStakeMinor), cap: money(sheet.maxPayoutMinor) })}</p>
      )}
      {slip.notice && (
        <p className={`lotto-notice lotto-notice-${slip.notice.kind}`} role={slip.notice.kind === 'error' ? 'alert' : 'status'}>{noticeText}</p>
      )}
      <div className="lotto-actions">
        {session ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={problem !== null || slip.submitting || closed}
            aria-busy={slip.submitting}
            onClick={() => void lottery.place()}
          >
            {slip.notice?.retry && slip.pending ? t('lottery.slip.retry') : t('lottery.slip.place', { total: money(total) })}
          </button>
        ) : (
          <a className="btn btn-primary" href="/m/login">{t('lottery.slip.login')}</a>
        )}
        {slip.picks.length > 0 && (
          <button type="button" className="btn" onClick={lottery.clearSlip}>{t('lottery.slip.clear')}</button>
        )}
      </div>
    </section>
  );
}
