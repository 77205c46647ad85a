import type { z } from 'zod';
import { listRegistrationFields } from '../../db/queries/settings';
import { loadBonusRules } from '../wallet/bonus-rules';
import { withDateOfBirth } from './registration';
import { FIELD_PATTERNS, REGISTER_FIELDS, type RegisterField } from '../../../contract/fieldFormats';
import type { accountsCalls, RegisterFieldRule } from '../../../contract/calls/accounts';

/** The input type each field asks for (the rule's `type`). */
const INPUT_TYPE: Partial<Record<RegisterField, string>> = {
  password: 'password', confirmPassword: 'password', paymentPassword: 'password', email: 'email',
  mobileNum: 'tel', countryDialingCode: 'tel', whatsapp: 'tel', zalo: 'tel', verificationCode: 'number', qqNum: 'number',
  dateOfBirth: 'date',
};

/**
 * The rule of one field, without its flags: the shared default format (contract/fieldFormats.ts FIELD_PATTERNS);
 * the confirmation and the captcha have no format of their own ("*": compared with the password / verified).
 */
export function fieldRule(field: RegisterField): Omit<RegisterFieldRule, 'enabled' | 'required'> {
  const type = INPUT_TYPE[field] ?? 'text';
  if (field === 'confirmPassword') return { acceptedPattern: '*', patternId: 'confirmPassword', minLength: 0, maxLength: 64, type };
  if (field === 'captcha') return { acceptedPattern: '*', patternId: 'captcha', minLength: 1, maxLength: 16, type };
  return { ...FIELD_PATTERNS[field], type };
}

/**
 * The registration settings of a merchant (platform-contract.md §3 GET /wps/system/setting/register): every spec
 * field → `{ enabled, required, acceptedPattern, patternId, minLength, maxLength, type }`, configured fields first
 * in the operator's order, then the rest in spec order (JSON key order is the display order); a field without a
 * row is disabled. Where the site requires the date of birth (bonus rules `requiresDob`, docs/honest-money.md),
 * `dateOfBirth` is enabled and required.
 */
export async function registerSettings(db: D1Database, merchantCode: string): Promise<z.input<typeof accountsCalls.registerSettings.value>> {
  const [rows, rules] = await Promise.all([listRegistrationFields(db, merchantCode), loadBonusRules(db, merchantCode)]);
  const byField = withDateOfBirth(new Map(rows.map((r) => [r.field, r])), rules.requiresDob);
  const unconfigured = Number.MAX_SAFE_INTEGER;
  const ordered = REGISTER_FIELDS.map((field, index) => ({ field, index, row: byField.get(field) }))
    .sort((a, b) => (a.row?.sortOrder ?? unconfigured) - (b.row?.sortOrder ?? unconfigured) || a.index - b.index);
  const value: Record<string, RegisterFieldRule> = {};
  for (const { field, row } of ordered) {
    value[field] = { enabled: row?.enabled ?? false, required: row?.required ?? false, ...fieldRule(field) };
  }
  return value;
}
