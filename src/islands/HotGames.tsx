import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getHotGames, type Game } from '../api/catalogue';
import { t } from '../lib/i18n';
import { $language } from '../stores/language';
import GameGrid from './GameGrid';

/**
 * Hot games (player-shell §2 /m/hot; §7 "hot games": isPlatform 2, platform html5): every hot game of the site as
 * tiles that launch and favourite like everywhere else; 4 placeholders while loading.
 */
export default function HotGames() {
  const language = useStore($language);
  const [state, setState] = useState<{ games: Game[] | null; failed: boolean }>({ games: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    getHotGames(language).then(
      (list) => live && setState({ games: list, failed: false }),
      () => live && setState({ games: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [attempt, language]);
  if (state.failed) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('games.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => { setState({ games: null, failed: false }); setAttempt((n) => n + 1); }}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.games && state.games.length === 0) return <p className="empty-state">{t('games.empty')}</p>;
  return <GameGrid games={state.games ?? []} place="list" loading={state.games === null} />;
}
