import { useEffect, useState } from 'react';
import { listGames } from '../api/calls';
import type { Game } from '../api/types';
import { useHydrated } from '../components/useHydrated';
import { isMessageKey, t } from '../lib/i18n';
import { launcherCloseHref, parseLauncherQuery, type LauncherQuery } from '../lib/launch';

/** Lottery categories searched for the chosen game, and how far (lottery lists are short). */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;
const LOOKUP_PAGE_SIZE = 50;
const LOOKUP_MAX_PAGES = 10;

/** Finds a lottery game by gameId in the LOTT and ELOTT lists. */
async function findLottery(gameId: string, signal: AbortSignal): Promise<Game | null> {
  for (const gameType of LOTTERY_TYPES) {
    for (let pageNo = 1; pageNo <= LOOKUP_MAX_PAGES; pageNo++) {
      const page = await listGames({ gameType, pageNo, pageSize: LOOKUP_PAGE_SIZE }, signal);
      const found = page.games.find((g) => g.gameId === gameId);
      if (found) return found;
      if (page.pageNum >= page.totalPages) break;
    }
  }
  return null;
}

function label(prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? t(key) : value;
}

type Lookup = { gameId: string; game: Game | null; failed: boolean };

/**
 * Lottery launcher (/m/launchGame, player-shell §2): reads playType, gameId, gameGroupId, prize_mode, code
 * (default lobby) and pageBack, shows the chosen lottery game with its vendor, play type and prize mode, and a
 * close button that returns to /m/home when pageBack is set, otherwise to /m/game.
 */
export default function LaunchGame() {
  const hydrated = useHydrated();
  const query: LauncherQuery | null = hydrated ? parseLauncherQuery(window.location.search) : null;
  const gameId = query?.gameId ?? '';
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!gameId) return;
    const controller = new AbortController();
    findLottery(gameId, controller.signal).then(
      (game) => setLookup({ gameId, game, failed: false }),
      () => {
        if (!controller.signal.aborted) setLookup({ gameId, game: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [gameId, attempt]);

  if (!query) return <p className="notice">{t('common.loading')}</p>;
  const result = lookup?.gameId === gameId ? lookup : null;
  const game = result?.game ?? null;
  return (
    <section className="launcher card" aria-labelledby="launcher-title">
      <h2 id="launcher-title">{game ? game.gameName : t('launcher.heading')}</h2>
      {gameId && !result && <p aria-live="polite">{t('common.loading')}</p>}
      {(!gameId || (result && !result.failed && !game)) && <p role="alert">{t('launcher.notFound')}</p>}
      {result?.failed && (
        <div role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>{t('common.retry')}</button>
        </div>
      )}
      {game?.iconUrl && (
        <img className="launcher-icon" src={game.iconUrl} alt={game.gameName} width={96} height={96} decoding="async" />
      )}
      <dl className="launcher-facts">
        {game && (
          <>
            <dt>{t('launcher.vendor')}</dt>
            <dd>{game.displayName}</dd>
          </>
        )}
        <dt>{t('launcher.playType')}</dt>
        <dd>{label('launcher.playType', query.playType)}</dd>
        <dt>{t('launcher.prizeMode')}</dt>
        <dd>{label('launcher.prize', query.prizeMode)}</dd>
        <dt>{t('launcher.entry')}</dt>
        <dd>{label('launcher.entry', query.code)}</dd>
        {query.gameGroupId && (
          <>
            <dt>{t('launcher.group')}</dt>
            <dd>{query.gameGroupId}</dd>
          </>
        )}
      </dl>
      <button
        type="button"
        className="btn btn-primary launcher-close"
        onClick={() => window.location.assign(launcherCloseHref(query.pageBack))}
      >
        {t('common.close')}
      </button>
    </section>
  );
}
