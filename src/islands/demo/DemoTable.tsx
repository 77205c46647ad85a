import { useState } from 'react';
import { TABLE_BETS, cardRank, tableBetLabel, tableWinner, type TableBet } from '../../../rules/demoGames';
import { t } from '../../../rules/i18n';
import { DemoTableFrame } from '../../components/DemoTableFrame';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A card 0–51 as shown: rank and suit (ace low). */
function Card({ card, side }: { card: number; side: string }) {
  const label = `${RANKS[cardRank(card) - 1] ?? ''}${SUITS[Math.floor(card / 13)] ?? ''}`;
  return <li className="reel"><span className="symbol-name">{side}</span><span className="glyph">{label}</span></li>;
}

/** What a bet is called at this title (rules/demoGames.ts tableBetLabel). */
const betLabel = (sides: [string, string] | null, bet: TableBet): string => tableBetLabel(sides, bet, (key) => t(key));

/**
 * The demo vendor's card table, dragon tiger (/play/table?nodeId=…): for the Dragon Tiger titles and the
 * head-to-head categories (rules/demoGames.ts demoKindOf), each title with its own configuration (tableConfigOf:
 * a head-to-head title's two sides and a draw, its tie pay). Bet on either side or the tie; one card each, the
 * higher wins. The info panel states the title's rules and each bet's return to player.
 */
export default function DemoTable() {
  const [bet, setBet] = useState<string>('DRAGON');
  return (
    <DemoTableFrame
      kind="table"
      choice={bet}
      playLabel="demo.play.table"
      picker={(game, disabled) => (
        <fieldset className="stakes" disabled={disabled}>
          <legend>{t('demo.table.bet')}</legend>
          {TABLE_BETS.map((b) => (
            <label key={b} className="chip"><input type="radio" name="bet" checked={bet === b} onChange={() => setBet(b)} />{betLabel(game.table?.sides ?? null, b)}</label>
          ))}
        </fieldset>
      )}
      info={(game) => game.table && (
        <>
          <p>{t('demo.table.rulesOwn', { tie: game.table.tiePays - 1 })}</p>
          <ul>
            {TABLE_BETS.map((b) => <li key={b}>{betLabel(game.table?.sides ?? null, b)}: {t('demo.info.rtp', { rtp: (game.table?.rtpPercent[b] ?? 0).toFixed(2) })}</li>)}
          </ul>
        </>
      )}
      result={(round, _money, game) => round.outcome.kind === 'table' && (
        <>
          <ol className="reels" aria-label={t('demo.table.cards')}>
            <Card card={round.outcome.dragon} side={betLabel(game.table?.sides ?? null, 'DRAGON')} />
            <li className="reel"><span className="glyph">{betLabel(game.table?.sides ?? null, tableWinner(round.outcome.dragon, round.outcome.tiger))}</span></li>
            <Card card={round.outcome.tiger} side={betLabel(game.table?.sides ?? null, 'TIGER')} />
          </ol>
        </>
      )}
    />
  );
}
