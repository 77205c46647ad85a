import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { autoScrolls, scrollDurationMs } from '../lib/winnerBoard';
import { $settings } from '../stores/concepts/settings';
import { winnerBoard, type WinnerBoardEntry } from '../stores/pages/winnerBoard';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the player asked the system for reduced motion; follows changes (false while pre-rendered). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
}

/**
 * True while no part of `ref`'s element is on screen (IntersectionObserver; false until it has said so), so an
 * endless animation there can stand still: work nobody sees still costs a frame each time (issue 23).
 */
function useOffscreen(ref: RefObject<Element | null>): boolean {
  const [offscreen, setOffscreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOffscreen(!entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return offscreen;
}

/**
 * The home winner board (player-shell §2 Home "jackpot winner board"; §7 winner board: gameCategory ALL, language,
 * limitNum 20): real recent wins with masked names. It scrolls by itself only with more than 3 entries and never
 * when reduced motion is asked for, nor while it is off screen; a pause button (and hovering) stops the scroll. Pre-rendered at its final
 * height; without wins yet it says so.
 */
export default function WinnerBoard() {
  const settings = useStore($settings);
  const reduced = useReducedMotion();
  const board = useStore(winnerBoard('ALL'));
  // A failed load reads as no wins yet.
  const entries = board.data ?? (board.failed ? [] : null);
  const [paused, setPaused] = useState(false);
  const windowRef = useRef<HTMLDivElement>(null);
  const offscreen = useOffscreen(windowRef);
  const currency = { code: settings?.currency, symbol: settings?.currencySymbol };
  const list = entries ?? [];
  const scrolling = autoScrolls(list.length, reduced);
  const row = (entry: WinnerBoardEntry, i: number, copy: boolean) => (
    <li key={`${copy ? 'c' : 'e'}${i}`} aria-hidden={copy || undefined}>
      <span className="winner-name" dir="auto">{entry.vo.customerName}</span>
      <span className="winner-game" dir="auto">{entry.vo.gameName}</span>
      <span className="winner-amount">{formatMoney(entry.vo.winAmount, currency)}</span>
    </li>
  );
  // The board keeps one height whatever it holds (loading, empty, a few or many wins), so home never shifts when
  // the wins arrive. With reduced motion the window scrolls by hand instead, and can take focus for that.
  return (
    <section className="card winner-board" aria-labelledby="winner-board-title" aria-busy={entries === null}>
      <div className="row-head">
        <h2 id="winner-board-title">{t('winners.title')}</h2>
        {scrolling && (
          <button type="button" className="btn btn-small" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
            {t('winners.pause')}
          </button>
        )}
      </div>
      <div
        ref={windowRef}
        className={`winner-window${scrolling ? ' is-scrolling' : ''}${paused || offscreen ? ' is-paused' : ''}`}
        {...(reduced && list.length > 0 ? { tabIndex: 0, role: 'region', 'aria-labelledby': 'winner-board-title' } : {})}
      >
        {entries !== null && list.length === 0 ? (
          <p className="winner-empty">{t('winners.empty')}</p>
        ) : (
          <ul className="winner-list" style={scrolling ? { animationDuration: `${scrollDurationMs(list.length)}ms` } : undefined}>
            {list.map((e, i) => row(e, i, false))}
            {scrolling && list.map((e, i) => row(e, i, true))}
          </ul>
        )}
      </div>
    </section>
  );
}
