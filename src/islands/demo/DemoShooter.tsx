import { useState } from 'react';
import type { SHOOTER_TARGETS } from '../../../rules/demoGames';
import { t } from '../../../rules/i18n';
import { DemoTableFrame } from '../../components/DemoTableFrame';

/**
 * The demo vendor's fish shooter (/play/shooter?nodeId=…), for fish games kept simple: choose a target and a shot
 * cost, fire; a hit pays the shot cost × the target's multiplier (bigger fish are hit less often).
 */
export default function DemoShooter() {
  const [target, setTarget] = useState<string>('CLOWNFISH');
  return (
    <DemoTableFrame
      kind="shooter"
      choice={target}
      playLabel="demo.play.shooter"
      picker={(game, disabled) => (
        <fieldset className="stakes" disabled={disabled}>
          <legend>{t('demo.shooter.target')}</legend>
          {game.targets.map((f) => (
            <label key={f.id} className="chip">
              <input type="radio" name="target" checked={target === f.id} onChange={() => setTarget(f.id)} />
              <span aria-hidden="true">{f.glyph}</span> {t(`demo.shooter.${f.id as (typeof SHOOTER_TARGETS)[number]['id']}`)} ×{f.multiplier}
            </label>
          ))}
        </fieldset>
      )}
      result={(round) => round.outcome.kind === 'shooter' && (
        <p>{round.outcome.hit ? t('demo.shooter.hit', { target: t(`demo.shooter.${round.outcome.target}`) }) : t('demo.shooter.miss')}</p>
      )}
    />
  );
}
