import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { $language } from '../stores/concepts/language';
import { $hotGames, loadHotGames } from '../stores/pages/hotGames';
import GameGrid from '../components/GameGrid';

/**
 * Hot games (player-shell §2 /m/hot; §7 "hot games": isPlatform 2, platform html5): every hot game of the site as
 * tiles that launch and favourite like everywhere else; 4 placeholders while loading. The flow is in
 * stores/hotGames.ts.
 */
export default function HotGames() {
  const language = useStore($language);
  const state = useStore($hotGames);
  useEffect(() => {
    void loadHotGames(language);
  }, [language]);
  if (state.failed) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('games.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void loadHotGames(language)}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.games && state.games.length === 0) return <p className="empty-state">{t('games.empty')}</p>;
  return <GameGrid games={state.games ?? []} place="list" loading={state.games === null} />;
}
