import { ageOn } from '../../../rules/age';
import { ApiError } from '../../lib/envelope';
import type { BonusRules } from '../wallet/bonus-rules';

/**
 * The registration's age check where the site requires the date of birth (site rule `requiresDob`, legal age
 * `legalAge`, default 18; docs/honest-money.md, Age check), after the field checks: no date, or one that is no real
 * day or lies in the future → 400 `date_of_birth_required`; a player younger than the legal age on today's UTC
 * date → 403 `under_legal_age`. Both carry `issues[{ path: 'dateOfBirth', key }]`, so the form shows the message
 * under the field. Nothing is written before it. A site without the rule checks nothing.
 */
export function assertLegalAge(rules: Pick<BonusRules, 'requiresDob' | 'legalAge'>, dateOfBirth: string | undefined, now = Date.now()): void {
  if (!rules.requiresDob) return;
  const age = ageOn(dateOfBirth ?? '', now);
  if (age === null) {
    throw new ApiError(400, 'date_of_birth_required', 'This site asks for a valid date of birth', {
      issues: [{ path: 'dateOfBirth', message: 'A valid date of birth is required', key: 'error.date_of_birth_required' }],
    });
  }
  if (age < rules.legalAge) {
    throw new ApiError(403, 'under_legal_age', `Players must be at least ${rules.legalAge}`, {
      issues: [{ path: 'dateOfBirth', message: `Players must be at least ${rules.legalAge}`, key: 'error.under_legal_age' }],
      legalAge: rules.legalAge,
    });
  }
}
