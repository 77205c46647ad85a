import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';
import { useHydrated } from '../components/useHydrated';
import { DemoSheetGate, DemoShell } from '../components/DemoShell';
import { t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { canAfford } from '../lib/spin';
import { usePage } from '../hooks/usePage';
import { demoSlotPage, demoSlotSheet, sheetNotFound } from '../stores/pages/demoSlot';
import { $wallet } from '../stores/concepts/member';
import { $session } from '../stores/concepts/session';

function readNodeId(): number {
  const value = Number(new URLSearchParams(window.location.search).get('nodeId'));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The launch asked for free play (`freePlay=1`, worker/api/game.ts for a member who chose it). */
function freePlayAsked(): boolean {
  return new URLSearchParams(window.location.search).get('freePlay') === '1';
}

/**
 * The demo vendor's playable slot (/play/slot?nodeId=…[&freePlay=1]): balance, free or real mode where the game
 * supports free play (supportPlay 0, as the other demo games), stake picker, Spin, the title's own reels (3 or 5,
 * its themed symbols: rules/slotConfig.ts) and the win, and an info panel with its paytable and computed return to
 * player (docs/games.md "Demo titles and their configurations").
 * Each spin carries an idempotency key; after a spin the wallet store holds the new balance. The demo games are a
 * PlayDeck extension (capability `demo-games`): a deployment that does not serve them (upstream mode) shows a
 * notice and calls nothing.
 */
export default function DemoSlot() {
  const { $slot, setSlotFreePlay, spin } = usePage(demoSlotPage);
  const hydrated = useHydrated();
  const session = useStore($session);
  const wallet = useStore($wallet);
  const slot = useStore($slot);
  const served = hydrated && hasCapability(CAPABILITIES.demoGames);
  const nodeId = served ? readNodeId() : 0;
  const sheetStore = demoSlotSheet(nodeId ? String(nodeId) : null);
  const sheet = useStore(sheetStore);
  const [stakeChoice, setStakeChoice] = useState<number | null>(null);
  const supportsFreePlay = sheet.data?.freePlay === true;
  useEffect(() => {
    if (supportsFreePlay) setSlotFreePlay(freePlayAsked(), true);
  }, [supportsFreePlay, setSlotFreePlay]);

  const error = sheet.failed ? (sheetNotFound(sheet.error) ? 'notFound' : 'failed') : null;
  const game = sheet.data ?? null;
  const gate = DemoSheetGate({ hydrated, served, nodeId, error, loaded: game !== null, retry: sheetStore.revalidate });
  if (gate || !game) return gate;

  const symbol = { code: wallet?.currency, symbol: wallet?.currencySymbol ?? '$' };
  const stake = slot.pending?.nodeId === nodeId ? slot.pending.stakeMinor : (stakeChoice ?? game.stakes[0] ?? null);
  const symbols = new Map(game.symbols.map((s) => [s.id, s]));
  const reels = slot.round?.reels ?? game.symbols.slice(0, game.reelCount).map((s) => s.id);
  const showSymbol = (id: string) => (
    <>
      <span className="glyph" aria-hidden="true">{symbols.get(id)?.glyph ?? id}</span>
      <span className="symbol-name">{symbols.get(id)?.name ?? id}</span>
    </>
  );
  const affordable = slot.freePlay || canAfford(wallet?.sumBalance ?? null, stake);
  const busy = slot.spinning || slot.pending !== null;
  const result = slot.round
    ? slot.round.winMinor > 0 ? t('slot.result.win', { amount: formatMoney(slot.round.winMinor, symbol) }) : t('slot.result.lose')
    : '';

  return (
    <DemoShell
      className="demo-slot" game={game} session={session !== null}
      balance={wallet ? formatMoney(wallet.sumBalance, symbol) : t('common.dash')}
      footer={(
      <details className="paytable game-info">
        <summary>{t('demo.info')}</summary>
        <p>{t('demo.info.reels', { reels: game.reelCount })}</p>
        <p>{t('demo.info.rtp', { rtp: game.rtpPercent.toFixed(2) })}</p>
        <table>
          <caption>{t('slot.paytable')}</caption>
          <thead><tr><th scope="col">{t('slot.symbol')}</th><th scope="col">{t('slot.count')}</th><th scope="col">{t('slot.pays')}</th></tr></thead>
          <tbody>
            {game.paytable.map((row) => (
              <tr key={`${row.symbol}-${row.count}`}><td>{showSymbol(row.symbol)}</td><td>{row.count}</td><td>{t('slot.multiplier', { n: row.multiplier })}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
      )}
    >
      <ol className={`reels${slot.spinning ? ' reels-spinning' : ''}`} aria-label={t('slot.reels')}>
        {reels.map((reel, i) => <li key={i} className="reel">{showSymbol(reel)}</li>)}
      </ol>
      <div className="slot-win">
        <label htmlFor="slot-win">{t('slot.win')}</label>
        <output id="slot-win">{formatMoney(slot.round?.winMinor ?? 0, symbol)}</output>
      </div>
      <p className="slot-result" aria-live="polite">{slot.spinning ? t('slot.spinning') : result}</p>
      {!slot.spinning && slot.round?.freePlay && <p className="muted">{t('demo.freeRound')}</p>}
      {slot.error && <p className="field-error" role="alert">{t(slot.error)}</p>}
      {game.freePlay && (
        <fieldset className="stakes" disabled={busy}>
          <legend>{t('demo.mode')}</legend>
          <label className="chip"><input type="radio" name="mode" checked={!slot.freePlay} onChange={() => setSlotFreePlay(false, true)} />{t('demo.mode.real')}</label>
          <label className="chip"><input type="radio" name="mode" checked={slot.freePlay} onChange={() => setSlotFreePlay(true, true)} />{t('demo.mode.free')}</label>
        </fieldset>
      )}
      <fieldset className="stakes" disabled={busy}>
        <legend>{t('slot.stake')}</legend>
        {game.stakes.map((value) => (
          <label key={value} className="chip">
            <input type="radio" name="stake" value={value} checked={value === stake} onChange={() => setStakeChoice(value)} />
            {formatMoney(value, symbol)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn-primary spin"
        disabled={slot.spinning || !affordable}
        aria-busy={slot.spinning}
        onClick={() => stake !== null && void spin(nodeId, stake)}
      >
        {t('slot.spin')}
      </button>
      {wallet && !affordable && !slot.spinning && !slot.error && <p className="slot-hint">{t('slot.insufficient')}</p>}
    </DemoShell>
  );
}
