import { describe, expect, it } from 'vitest';
import { parseBonusCommand, parseBonusRules } from '../../../scripts/bonus-commands';
import { UsageError } from '../../../scripts/operator-commands';

// docs/honest-money.md, The site's rules: `npm run operator -- bonus-rules <merchant> key=value…`.
describe('the bonus-rules operator command', () => {
  it('reads every key into its column', () => {
    expect(parseBonusRules([
      'welcome=cash', 'signIn=bonus', 'referral=bonus', 'promotion=cash', 'wagering=35', 'contributions=table:10,lottery:50',
      'jackpotShare=20', 'requiresDob=yes', 'legalAge=21',
    ])).toEqual({
      welcome: 'cash', sign_in: 'bonus', referral: 'bonus', promotion: 'cash', wagering_multiplier: 35,
      contributions: '{"table":10,"lottery":50}', jackpot_share_permille: 20, requires_dob: 1, legal_age: 21,
    });
    expect(parseBonusCommand(['bonus-rules', 'DEMO'])).toEqual({ kind: 'bonus-rules', merchant: 'DEMO', changes: {} });
    expect(parseBonusCommand(['rewards', 'DEMO'])).toBeNull();
  });

  it.each([
    ['welcome=maybe'], ['wagering=101'], ['wagering=-1'], ['contributions=poker:10'], ['contributions=slot:150'],
    ['jackpotShare=500'], ['requiresDob=1'], ['legalAge=12'], ['legalAge=30'], ['colour=red'],
  ])('refuses %s before anything is written', (pair) => {
    expect(() => parseBonusRules(['welcome=cash', pair])).toThrow(UsageError);
  });

  it('needs a merchant code', () => {
    expect(() => parseBonusCommand(['bonus-rules'])).toThrow(UsageError);
    expect(() => parseBonusCommand(['bonus-rules', 'no such!'])).toThrow(UsageError);
  });
});
