import type { ReactNode } from 'react';
import { t } from '../../rules/i18n';

/** What stands between a demo game page and its sheet: the page's state before the game can be shown. */
export interface DemoSheetState {
  hydrated: boolean;
  /** The deployment serves the demo games (capability `demo-games`). */
  served: boolean;
  /** The game of `?nodeId`, 0 when the address names none. */
  nodeId: number;
  /** Why the sheet is missing: the game does not exist, or the load failed (worth a retry); null otherwise. */
  error: 'notFound' | 'failed' | null;
  /** The sheet has arrived. */
  loaded: boolean;
  retry: () => void;
}

/** The back link every demo game page ends with. */
function BackHome() {
  return <a className="btn slot-back" href="/m/home">{t('slot.back')}</a>;
}

/**
 * The page of a demo game before its sheet is ready (player-shell §4 Game launch), shared by the slot and the
 * provably fair games: loading until hydrated, a notice and nothing called without the `demo-games` capability
 * (upstream mode), not found, a failed load with retry, loading. Null once the game can be shown.
 */
export function DemoSheetGate(state: DemoSheetState): ReactNode {
  if (!state.hydrated) return <p className="notice">{t('common.loading')}</p>;
  if (!state.served) return <div className="notice"><p role="alert">{t('error.feature_disabled')}</p><BackHome /></div>;
  if (!state.nodeId || state.error === 'notFound') return <div className="notice"><p role="alert">{t('slot.notFound')}</p><BackHome /></div>;
  if (state.error === 'failed') {
    return (
      <div className="notice" role="alert">
        <p>{t('games.loadFailed')}</p>
        <button type="button" className="btn" onClick={state.retry}>{t('common.retry')}</button>
        <BackHome />
      </div>
    );
  }
  if (!state.loaded) return <p className="notice" aria-live="polite">{t('common.loading')}</p>;
  return null;
}

/**
 * The frame of a loaded demo game: its name and vendor, then for a visitor the login notice, for a member the
 * balance (already formatted) and the game itself (`children`); `footer` follows either way (e.g. the paytable),
 * then the way back home.
 */
export function DemoShell({ className, game, session, balance, children, footer }: {
  className: string;
  game: { gameName: string; displayName: string };
  session: boolean;
  balance: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby="demo-title">
      <header className="slot-head">
        <h2 id="demo-title" dir="auto">{game.gameName}</h2>
        <p className="slot-vendor" dir="auto">{game.displayName}</p>
      </header>
      {!session ? (
        <div className="notice">
          <p>{t('slot.login')}</p>
          <a className="btn btn-primary" href="/m/login">{t('header.login')}</a>
        </div>
      ) : (
        <>
          <div className="slot-balance">
            <label htmlFor="demo-balance">{t('wallet.balance')}</label>
            <output id="demo-balance">{balance}</output>
          </div>
          {children}
        </>
      )}
      {footer}
      <BackHome />
    </section>
  );
}
