import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { formatCountdown, remainingMs, serverNow, upcomingClose } from '../lib/lotteryClock';
import { $vendorGameTypes } from '../stores/catalogue';
import { $deviceNow } from '../stores/clock';
import { $launching, openGame } from '../stores/launcher';
import { $lotteryList, loadLotteryList, type LotteryGameInfo } from '../stores/lotteryList';

/** The lottery categories (player-shell §3): LOTT and ELOTT. */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;

/** Props: `order` soonest lists the draws closing first (the lottery start page); catalogue keeps the site's order. */
export interface LotteryGamesProps {
  order?: 'catalogue' | 'soonest';
}

/**
 * Lottery list (player-shell §2 /m/lottery, /m/startLottery): the site's LOTT and ELOTT games by category and
 * vendor, each with its draw's issue and the count-down to its close on the SERVER's clock (the device clock may be
 * off); the count-down rolls on to the next draw by itself. A tap launches through the launch rule (§4).
 */
export default function LotteryGames({ order = 'catalogue' }: LotteryGamesProps) {
  const hydrated = useHydrated();
  const deviceNow = useStore($deviceNow);
  const launching = useStore($launching);
  useStore($vendorGameTypes); // the launch rule reads the vendor mapping (prize mode)
  const { loaded, failed } = useStore($lotteryList);
  const [vendor, setVendor] = useState<string | null>(null);

  if (failed && !loaded) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('lottery.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void loadLotteryList()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!hydrated || !loaded) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (loaded.list.length === 0) return <p className="empty-state">{t('lottery.none')}</p>;

  const now = serverNow(deviceNow, loaded.sample.offsetMs);
  const closeOf = (g: LotteryGameInfo) => upcomingClose(g.nextCloseAt, g.intervalMs, now);
  const vendors = [...new Map(loaded.list.map((g) => [g.vassalage, g.displayName])).entries()];
  const shown = loaded.list.filter((g) => !vendor || g.vassalage === vendor);
  const sorted = order === 'soonest' ? [...shown].sort((a, b) => closeOf(a) - closeOf(b) || a.nodeId - b.nodeId) : shown;

  return (
    <>
      {vendors.length > 1 && (
        <div className="chips" role="group" aria-label={t('games.vendor.label')}>
          <button type="button" className="chip" aria-pressed={vendor === null} onClick={() => setVendor(null)}>{t('games.vendor.all')}</button>
          {vendors.map(([code, name]) => (
            <button key={code} type="button" className="chip" aria-pressed={vendor === code} onClick={() => setVendor(code)}>{name}</button>
          ))}
        </div>
      )}
      {LOTTERY_TYPES.map((type) => {
        const games = sorted.filter((g) => g.gameType === type);
        if (games.length === 0) return null;
        return (
          <section key={type} className="lotto-list-section" aria-labelledby={`lottery-${type}`}>
            <h2 id={`lottery-${type}`}>{categoryLabel(type)}</h2>
            <ul className="lotto-list">
              {games.map((g) => (
                <li key={g.nodeId}>
                  <button
                    type="button"
                    className="lotto-row"
                    aria-busy={launching === g.nodeId}
                    aria-describedby={`lotto-when-${g.nodeId}`}
                    onClick={() => void openGame(g, 'list')}
                  >
                    {g.gameName}
                  </button>
                  <p className="lotto-row-meta" id={`lotto-when-${g.nodeId}`}>
                    <span>{g.displayName}</span>
                    <span>{t('lottery.closesIn')} <span className="lotto-timer">{formatCountdown(remainingMs(closeOf(g), now))}</span></span>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
