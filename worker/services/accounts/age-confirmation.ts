import { ApiError } from '../../lib/envelope';
import { ageOn } from '../../../rules/age';
import { findAgeRecord, storeDateOfBirth, storeUnderAgeDeclaration, type AgeRecord } from '../../db/queries/age-confirmation';
import { assertLegalAge } from './age-check';

/**
 * The age check of a player who registered without the registration form (Facebook or Google social login;
 * docs/honest-money.md "Age check and consent"). Such an account is created at the provider's callback with no date
 * of birth. Where the site requires one (`requiresDob`), the account can log in and look around, but no money
 * moves — no deposit, bet, lottery order or withdrawal — until the player gives a date of birth that meets the
 * site's legal age: what regulated sites do with accounts opened through a third party (the provider's account
 * says nothing reliable about age), and the same rule the registration form applies, at the first point where it
 * matters. The deposit and bet paths refuse through the limit guard (worker/db/queries/protection-guard.ts), the
 * withdrawal request through assertAgeConfirmed.
 */

/** The refusal of a money movement before the age is confirmed: 403 `date_of_birth_required`, issue on dateOfBirth. */
export function ageUnconfirmedRefusal(): ApiError {
  return new ApiError(403, 'date_of_birth_required', 'Confirm your date of birth before money can move on this site', {
    issues: [{ path: 'dateOfBirth', message: 'A valid date of birth is required', key: 'error.date_of_birth_required' }],
  });
}

/** True when the member must still confirm their age before money moves (see the module comment). */
export function ageUnconfirmed(record: AgeRecord | null): boolean {
  return record !== null && record.requiresDob && record.real && record.dateOfBirth === null;
}

/** Throws ageUnconfirmedRefusal when the member of `merchantCode` must still confirm their age. */
export async function assertAgeConfirmed(db: D1Database, merchantCode: string, memberId: number): Promise<void> {
  if (ageUnconfirmed(await findAgeRecord(db, merchantCode, memberId))) throw ageUnconfirmedRefusal();
}

/**
 * POST /wps/playdeck/account/dateOfBirth `{ dateOfBirth: 'YYYY-MM-DD' }` → `{ dateOfBirth }`: the member gives their
 * date of birth once, checked as registration checks it (worker/services/accounts/age-check.ts, legal age of the
 * site, whole years on today's UTC date). 400 `date_of_birth_required` for no real day or one in the future;
 * 403 `under_legal_age` under the legal age — that declaration is kept and every later attempt answers the same,
 * so an under-age player cannot try again with another date (support closes the account); 409
 * `date_of_birth_set` when a date is on the profile already (it is changed only by support). On any site, also one
 * without the rule, the given date is checked the same way and kept.
 */
export async function confirmDateOfBirth(
  db: D1Database,
  who: { merchantCode: string; memberId: number },
  dateOfBirth: string,
  now = Date.now(),
): Promise<{ dateOfBirth: string }> {
  const record = await findAgeRecord(db, who.merchantCode, who.memberId);
  if (!record) throw new ApiError(401, 'customer.not.login', 'Log in first');
  if (record.dateOfBirth !== null) throw new ApiError(409, 'date_of_birth_set', 'The date of birth is set already; support can correct it');
  if (record.underAgeDeclaredAt !== null) throw underAge(record.legalAge);
  const age = ageOn(dateOfBirth, now);
  if (age !== null && age < record.legalAge) {
    await storeUnderAgeDeclaration(db, who.memberId, now);
    throw underAge(record.legalAge);
  }
  assertLegalAge({ requiresDob: true, legalAge: record.legalAge }, dateOfBirth, now);
  if (!(await storeDateOfBirth(db, who.memberId, dateOfBirth))) {
    // Another request stored a date (or an under-age declaration) meanwhile: answer as that one now stands.
    const after = await findAgeRecord(db, who.merchantCode, who.memberId);
    if (after?.underAgeDeclaredAt != null) throw underAge(record.legalAge);
    throw new ApiError(409, 'date_of_birth_set', 'The date of birth is set already; support can correct it');
  }
  return { dateOfBirth };
}

function underAge(legalAge: number): ApiError {
  return new ApiError(403, 'under_legal_age', `Players must be at least ${legalAge}`, {
    issues: [{ path: 'dateOfBirth', message: `Players must be at least ${legalAge}`, key: 'error.under_legal_age' }],
  });
}
