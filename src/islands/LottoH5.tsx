import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { lottoH5FromPath } from '../lib/lottoH5';

/**
 * The embedded lottery page opened by the launcher (player-shell §2 /m/lotto-h5/{mui}/{playType}/games/{gameId},
 * query token, merchant, css and prize_mode): shows which game, play type and prize mode the address asks for,
 * and the way back to the lottery list.
 */
export default function LottoH5() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const target = lottoH5FromPath(window.location.pathname, window.location.search);
  if (!target) {
    return (
      <div className="empty-state">
        <p>{t('lottoH5.invalid')}</p>
        <a className="btn" href="/m/lottery">{t('lottoH5.back')}</a>
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby="lotto-h5-game">
      <h2 id="lotto-h5-game">{t('lottoH5.game', { gameId: target.gameId })}</h2>
      <dl className="facts">
        <div><dt>{t('launcher.playType')}</dt><dd>{t(target.playType === 'ent' ? 'launcher.playType.ent' : 'launcher.playType.trad')}</dd></div>
        <div><dt>{t('launcher.prizeMode')}</dt><dd>{target.prizeMode ?? t('common.dash')}</dd></div>
        <div><dt>{t('lottoH5.mui')}</dt><dd>{target.mui}</dd></div>
        {target.merchant && <div><dt>{t('lottoH5.merchant')}</dt><dd>{target.merchant}</dd></div>}
      </dl>
      <p>{t('lottoH5.note')}</p>
      <a className="btn btn-primary" href="/m/lottery">{t('lottoH5.back')}</a>
    </section>
  );
}
