import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { pageLocale, t } from '../../../rules/i18n';
import { checkDraw, type DrawCheck } from '../../lib/lotteryVerify';
import { timeOfDay } from '../lotteryLabels';
import type { LotteryDraw, LotteryRoundPage } from '../../stores/pages/lotteryRound';

/** The five digits as balls, with their sum. */
function Digits({ digits }: { digits: readonly number[] }) {
  const sum = digits.reduce((a, b) => a + b, 0);
  return (
    <p className="lotto-digits">
      <span className="visually-hidden">{t('lottery.digitsLabel', { digits: digits.join(' '), sum })}</span>
      {digits.map((d, i) => <span key={i} className="lotto-ball" aria-hidden="true">{d}</span>)}
      <span className="lotto-sum" aria-hidden="true">{t('lottery.sum', { sum })}</span>
    </p>
  );
}

/** The "verify" expander of one result: the recipe, both published values, and a check run in the browser. */
function Verify({ draw }: { draw: LotteryDraw & { secret: string; digits: number[] } }) {
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setCheck(await checkDraw(draw));
    } finally {
      setBusy(false);
    }
  };
  const mark = (ok: boolean) => (ok ? t('lottery.verify.pass') : t('lottery.verify.fail'));
  return (
    <details className="lotto-verify">
      <summary>{t('lottery.verify.title')}</summary>
      <dl>
        <dt>{t('lottery.commitment')}</dt>
        <dd><code>{draw.commitment}</code></dd>
        <dt>{t('lottery.secret')}</dt>
        <dd><code>{draw.secret}</code></dd>
      </dl>
      <ol className="lotto-recipe">
        <li>{t('lottery.verify.step1')}</li>
        <li>{t('lottery.verify.step2', { issue: draw.issueNo })}</li>
        <li>{t('lottery.verify.step3')}</li>
      </ol>
      <button type="button" className="btn btn-small" disabled={busy} aria-busy={busy} onClick={() => void run()}>
        {t('lottery.verify.run')}
      </button>
      <div role="status">
        {check && (
          <ul className="lotto-check">
            <li className={check.commitmentMatches ? 'ok' : 'bad'}>{t('lottery.verify.commitment')}: {mark(check.commitmentMatches)}</li>
            <li className={check.digitsMatch ? 'ok' : 'bad'}>
              {t('lottery.verify.digits', { digits: (check.recomputed ?? []).join(' ') })}: {mark(check.digitsMatch)}
            </li>
          </ul>
        )}
      </div>
    </details>
  );
}

/**
 * The last results (player-shell §2 /m/lotto-h5): each draw's issue, time and digits, its revealed secret and a
 * "verify" expander explaining how anyone can check the result was fixed before betting closed.
 */
export default function ResultsPanel({ lottery }: { lottery: LotteryRoundPage }) {
  const { draws } = useStore(lottery.$round);
  const tag = pageLocale().tag;
  if (!draws) return null;
  const shown = draws.results.filter((d): d is LotteryDraw & { secret: string; digits: number[] } => d.digits !== null && d.secret !== null);
  return (
    <section className="card lotto-results" aria-labelledby="lotto-results-title">
      <h2 id="lotto-results-title">{t('lottery.results')}</h2>
      {shown.length === 0 ? (
        <p className="muted">{t('lottery.noResults')}</p>
      ) : (
        <ol className="lotto-result-list">
          {shown.map((draw) => (
            <li key={draw.issueNo}>
              <div className="lotto-result-head">
                <strong>{draw.issueNo}</strong>
                <span className="muted">{timeOfDay(draw.drawAt, tag)}</span>
              </div>
              <Digits digits={draw.digits} />
              <Verify draw={draw} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
