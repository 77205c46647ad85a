import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';
import { useHydrated } from './useHydrated';
import { DemoSheetGate, DemoShell } from './DemoShell';
import { verifyRound, type RoundCheck } from '../../rules/demoGames';
import { t, type MessageKey } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { canAfford } from '../lib/spin';
import { usePage } from '../hooks/usePage';
import { demoGamePage, type DemoGameSheet, type FairRoundView } from '../stores/pages/demoGame';
import { $wallet } from '../stores/concepts/member';
import { $session } from '../stores/concepts/session';

function readQuery(): { nodeId: number; freePlay: boolean } {
  const query = new URLSearchParams(window.location.search);
  const value = Number(query.get('nodeId'));
  return { nodeId: Number.isSafeInteger(value) && value > 0 ? value : 0, freePlay: query.get('freePlay') === '1' };
}

/** The seeds of the last round and the check the player can run on them (rules/fair.ts). */
function FairPanel({ round, commitment }: { round: FairRoundView | null; commitment: string | null }) {
  const [check, setCheck] = useState<{ roundId: number; result: RoundCheck } | null>(null);
  const checked = round && check?.roundId === round.roundId ? check.result : null;
  return (
    <details className="fair-panel">
      <summary>{t('demo.fair.title')}</summary>
      <dl>
        <dt>{t('demo.fair.next')}</dt><dd className="hash">{commitment ?? t('common.dash')}</dd>
        {round && (
          <>
            <dt>{t('demo.fair.commitment')}</dt><dd className="hash">{round.fair.commitment}</dd>
            <dt>{t('demo.fair.serverSeed')}</dt><dd className="hash">{round.fair.serverSeed}</dd>
            <dt>{t('demo.fair.clientSeed')}</dt><dd className="hash">{round.fair.clientSeed}</dd>
            <dt>{t('demo.fair.nonce')}</dt><dd>{round.fair.nonce}</dd>
          </>
        )}
      </dl>
      {round && (
        <button type="button" className="btn btn-small" onClick={() => setCheck({ roundId: round.roundId, result: verifyRound(round) })}>
          {t('demo.fair.verify')}
        </button>
      )}
      {checked && <p role="status">{t(checked.seedMatches && checked.outcomeMatches ? 'demo.fair.ok' : 'demo.fair.bad')}</p>}
    </details>
  );
}

/** What a game page puts inside the frame: its choice picker, its result, the current choice and its button label. */
export interface TableParts {
  kind: 'table' | 'crash' | 'shooter';
  choice: string | null;
  playLabel: MessageKey;
  picker: (game: DemoGameSheet, disabled: boolean) => ReactNode;
  result: (round: FairRoundView, money: (minor: number) => string, game: DemoGameSheet) => ReactNode;
  /** The game's own rules for its info panel (the panel adds the title's return to player). */
  info?: (game: DemoGameSheet) => ReactNode;
}

/**
 * The frame every provably fair demo game shares (/play/table, /play/crash, /play/shooter): loads the sheet of
 * `?nodeId` (and `freePlay=1`), shows balance, free/real mode where the game supports free play, the stake
 * picker, the play button, the game's own picker and result, the info panel (the title's rules and its computed
 * return to player, docs/games.md "Demo titles and their configurations") and the fairness panel. Without the `demo-games`
 * capability (upstream mode) it shows a notice and calls nothing.
 */
export function DemoTableFrame(parts: TableParts) {
  const { $demoRound, $demoSheet, loadCommitment, openDemoGame, playDemo, setFreePlay } = usePage(demoGamePage);
  const hydrated = useHydrated();
  const session = useStore($session);
  const wallet = useStore($wallet);
  const sheet = useStore($demoSheet);
  const state = useStore($demoRound);
  const served = hydrated && hasCapability(CAPABILITIES.demoGames);
  const { nodeId, freePlay } = served ? readQuery() : { nodeId: 0, freePlay: false };
  const [stakeChoice, setStakeChoice] = useState<number | null>(null);

  useEffect(() => {
    if (nodeId) void openDemoGame(nodeId, freePlay);
  }, [openDemoGame, nodeId, freePlay]);
  useEffect(() => {
    if (served && session) void loadCommitment();
  }, [loadCommitment, served, session]);

  const current = sheet?.nodeId === nodeId ? sheet : null;
  const game = current?.game ?? null;
  const gate = DemoSheetGate({
    hydrated, served, nodeId, error: current?.error ?? null, loaded: game !== null, retry: () => void openDemoGame(nodeId, freePlay),
  });
  if (gate || !game) return gate;

  const symbol = wallet?.currencySymbol ?? '$';
  const money = (minor: number) => formatMoney(minor, symbol);
  const stake = state.pending?.nodeId === nodeId ? state.pending.stakeMinor : (stakeChoice ?? game.stakes[0] ?? null);
  const affordable = state.freePlay || canAfford(wallet?.sumBalance ?? null, stake);
  const busy = state.playing || state.pending !== null;
  const round = state.round?.nodeId === nodeId ? state.round : null;

  return (
    <DemoShell className={`demo-slot demo-${parts.kind}`} game={game} session={session !== null} balance={wallet ? money(wallet.sumBalance) : t('common.dash')}>
      {game.freePlay && (
        <fieldset className="stakes" disabled={busy}>
          <legend>{t('demo.mode')}</legend>
          <label className="chip"><input type="radio" name="mode" checked={!state.freePlay} onChange={() => setFreePlay(false)} />{t('demo.mode.real')}</label>
          <label className="chip"><input type="radio" name="mode" checked={state.freePlay} onChange={() => setFreePlay(true)} />{t('demo.mode.free')}</label>
        </fieldset>
      )}
      {parts.picker(game, busy)}
      <fieldset className="stakes" disabled={busy}>
        <legend>{t('slot.stake')}</legend>
        {game.stakes.map((value) => (
          <label key={value} className="chip">
            <input type="radio" name="stake" value={value} checked={value === stake} onChange={() => setStakeChoice(value)} />
            {money(value)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn-primary spin"
        disabled={state.playing || !affordable || parts.choice === null}
        aria-busy={state.playing}
        onClick={() => stake !== null && parts.choice !== null && void playDemo(nodeId, stake, parts.choice)}
      >
        {t(parts.playLabel)}
      </button>
      <div className="slot-result" aria-live="polite">
        {state.playing ? t('demo.playing') : round && (
          <>
            {parts.result(round, money, game)}
            <p>{round.winMinor > 0 ? t('slot.result.win', { amount: money(round.winMinor) }) : t('slot.result.lose')}</p>
            {round.freePlay && <p className="muted">{t('demo.freeRound')}</p>}
          </>
        )}
      </div>
      {state.error && <p className="field-error" role="alert">{t(state.error)}</p>}
      {wallet && !affordable && !state.playing && !state.error && <p className="slot-hint">{t('slot.insufficient')}</p>}
      <details className="paytable game-info">
        <summary>{t('demo.info')}</summary>
        {parts.info?.(game)}
        <p>{t('demo.info.rtp', { rtp: game.rtpPercent.toFixed(2) })}</p>
      </details>
      <FairPanel round={round} commitment={state.commitment} />
    </DemoShell>
  );
}
