import { useState } from 'react';
import { TABLE_BETS, cardRank, tableWinner } from '../../../rules/demoGames';
import { t } from '../../../rules/i18n';
import { DemoTableFrame } from '../../components/DemoTableFrame';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A card 0–51 as shown: rank and suit (ace low). */
function Card({ card, side }: { card: number; side: string }) {
  const label = `${RANKS[cardRank(card) - 1] ?? ''}${SUITS[Math.floor(card / 13)] ?? ''}`;
  return <li className="reel"><span className="symbol-name">{side}</span><span className="glyph">{label}</span></li>;
}

/**
 * The demo vendor's card table, dragon tiger (/play/table?nodeId=…): for live casino, card and PvP games (and the
 * head-to-head categories, rules/demoGames.ts demoKindOf). Bet on Dragon, Tiger or Tie; one card each, the
 * higher wins.
 */
export default function DemoTable() {
  const [bet, setBet] = useState<string>('DRAGON');
  return (
    <DemoTableFrame
      kind="table"
      choice={bet}
      playLabel="demo.play.table"
      picker={(_game, disabled) => (
        <fieldset className="stakes" disabled={disabled}>
          <legend>{t('demo.table.bet')}</legend>
          {TABLE_BETS.map((b) => (
            <label key={b} className="chip"><input type="radio" name="bet" checked={bet === b} onChange={() => setBet(b)} />{t(`demo.table.${b}`)}</label>
          ))}
          <p className="muted">{t('demo.table.rules')}</p>
        </fieldset>
      )}
      result={(round) => round.outcome.kind === 'table' && (
        <>
          <ol className="reels" aria-label={t('demo.table.cards')}>
            <Card card={round.outcome.dragon} side={t('demo.table.DRAGON')} />
            <li className="reel"><span className="glyph">{t(`demo.table.${tableWinner(round.outcome.dragon, round.outcome.tiger)}`)}</span></li>
            <Card card={round.outcome.tiger} side={t('demo.table.TIGER')} />
          </ol>
        </>
      )}
    />
  );
}
