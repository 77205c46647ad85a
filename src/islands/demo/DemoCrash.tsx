import { useState } from 'react';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET } from '../../../rules/demoGames';
import { t } from '../../../rules/i18n';
import { DemoTableFrame } from '../../components/DemoTableFrame';

const times = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * The demo vendor's crash game (/play/crash?nodeId=…), for arcade games: set an automatic cash-out multiplier;
 * the round pays stake × target when the multiplier climbs to the target before it crashes.
 */
export default function DemoCrash() {
  const [text, setText] = useState('2.00');
  const value = Math.round(Number(text) * 100);
  const target = Number.isFinite(value) && value >= CRASH_MIN_TARGET && value <= CRASH_MAX_TARGET ? value : null;
  return (
    <DemoTableFrame
      kind="crash"
      choice={target === null ? null : String(target)}
      playLabel="demo.play.crash"
      picker={(_game, disabled) => (
        <div className="field">
          <label htmlFor="crash-target">{t('demo.crash.target', { min: times(CRASH_MIN_TARGET), max: times(CRASH_MAX_TARGET) })}</label>
          <input id="crash-target" inputMode="decimal" value={text} disabled={disabled} aria-invalid={target === null} onChange={(e) => setText(e.target.value)} />
        </div>
      )}
      result={(round) => round.outcome.kind === 'crash' && (
        <p className="crash-point">
          {t(round.outcome.crashPoint >= round.outcome.target ? 'demo.crash.cashed' : 'demo.crash.crashed', {
            point: times(round.outcome.crashPoint), target: times(round.outcome.target),
          })}
        </p>
      )}
    />
  );
}
