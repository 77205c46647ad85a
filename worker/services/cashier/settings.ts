import type { ErrorCode } from '../../../contract/errors';
import { REGISTER_FIELDS } from '../../../contract/fieldFormats';
import { minorToWire } from '../../../contract/money';
import {
  listPaymentMethodSettings, listRegistrationFieldSettings, paymentMethodStatements, registrationFieldStatement, withdrawSettingStatement,
  type PaymentMethodSetting, type RegistrationFieldSetting,
} from '../../db/queries/operator-settings';
import { findWithdrawSettings, type WithdrawSettings } from '../../db/queries/withdrawals';
import { recordAudit } from '../operators/audit';

/**
 * The sign-up and payment settings of a site (docs/site-settings.md; docs/back-office.md "Sign-up and payments"):
 * the registration form's field rules, the deposit payment methods and the withdrawal settings. One service for
 * the operator command (scripts/site-settings.ts) and the back office (worker/console/cashier.ts): each change reads
 * what is stored, merges the change, checks the result as a whole, and writes it with its audit row in one
 * `db.batch` (all of it or nothing). Money in integer minor units. A change that cannot be made as asked throws a
 * SettingsRefusal (a stable errorCode and a message saying why and what to do instead).
 */

/** A change that cannot be made as asked: `errorCode` is stable, `status` the HTTP status the back office answers. */
export class SettingsRefusal extends Error {
  override name = 'SettingsRefusal';
  readonly errorCode: ErrorCode;
  readonly status: 400 | 404 | 409;
  // Plain fields, not parameter properties: the operator command runs this module under Node's type stripping.
  constructor(errorCode: ErrorCode, message: string, status: 400 | 404 | 409 = 400) {
    super(message);
    this.errorCode = errorCode;
    this.status = status;
  }
}

function refuse(errorCode: ErrorCode, message: string, status: 400 | 404 | 409 = 400): never {
  throw new SettingsRefusal(errorCode, message, status);
}

/**
 * Who makes a change, for its audit row (worker/services/operators/audit.ts): a back-office operator (id, username,
 * address, the reason given) or the operator command (`operatorId` null, `operator` `cli:<OS user>`, no address).
 */
export interface SettingsActor {
  operatorId: number | null;
  operator: string;
  address: string;
  reason: string;
}

/** The audit row of a settings change on `code` (action e.g. `settings.payment_method`). */
export function settingsAudit(db: D1Database, code: string, actor: SettingsActor, action: string, target: string, before: unknown, after: unknown): D1PreparedStatement {
  return recordAudit(db, {
    merchantCode: code, operatorId: actor.operatorId, operator: actor.operator, address: actor.address, reason: actor.reason, action, target, before, after,
  });
}

const money = (minor: number) => minorToWire(minor).toFixed(2);

/** How a registration field is shown: not at all, optional, or required (accounts §3 enabled/required). */
export type FieldRule = 'off' | 'optional' | 'required';

/** The rule of a stored field row. */
export const ruleOf = (r: RegistrationFieldSetting): FieldRule => (!r.enabled ? 'off' : r.required ? 'required' : 'optional');

/** Registration rules: every spec field, stored or not (a field without a row is off), in form order. */
export async function registrationRows(db: D1Database, code: string): Promise<RegistrationFieldSetting[]> {
  const stored = new Map((await listRegistrationFieldSettings(db, code)).map((r) => [r.field, r]));
  const last = Math.max(0, ...[...stored.values()].map((r) => r.sortOrder));
  return REGISTER_FIELDS.map((field, i) => stored.get(field) ?? { field, enabled: false, required: false, sortOrder: last + (i + 1) * 10 })
    .sort((a, b) => a.sortOrder - b.sortOrder);
}

/** A registration change: field rules (spec spelling, each once) and optionally a new order (fields named first, in that order). */
export interface RegistrationChange {
  rules: { field: string; rule: FieldRule; sortOrder?: number }[];
  order: string[] | null;
}

/**
 * Changes the registration form's fields (accounts §3 "Registration validation rules"): each named field's rule
 * and, with `order`, the form order (the named fields first, renumbered 10, 20, …). `sortOrder` on a rule moves that
 * one field. Only the rows that change are written, with one audit row `settings.registration` (before/after of the
 * changed fields); nothing changed → nothing written. Answers every field after the change and the changed ones.
 */
export async function changeRegistration(db: D1Database, code: string, change: RegistrationChange, actor: SettingsActor): Promise<{ rows: RegistrationFieldSetting[]; changed: RegistrationFieldSetting[] }> {
  const rows = await registrationRows(db, code);
  const next = rows.map((r) => ({ ...r }));
  for (const { field, rule, sortOrder } of change.rules) {
    const row = next.find((r) => r.field === field);
    if (!row) refuse('registration_field_unknown', `unknown registration field ${JSON.stringify(field)}; fields: ${REGISTER_FIELDS.join(', ')}`, 404);
    row.enabled = rule !== 'off';
    row.required = rule === 'required';
    if (sortOrder !== undefined) row.sortOrder = sortOrder;
  }
  if (change.order) {
    const order = change.order;
    next.sort((a, b) => {
      const ia = order.indexOf(a.field);
      const ib = order.indexOf(b.field);
      return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.sortOrder - b.sortOrder;
    });
    next.forEach((r, i) => (r.sortOrder = (i + 1) * 10));
  } else next.sort((a, b) => a.sortOrder - b.sortOrder);
  const before = new Map(rows.map((r) => [r.field, r]));
  const changed = next.filter((r) => JSON.stringify(before.get(r.field)) !== JSON.stringify(r));
  if (changed.length > 0) {
    const was = changed.map((r) => before.get(r.field)!);
    const target = changed.length === 1 ? `registration:${changed[0]!.field}` : 'registration';
    await db.batch([...changed.map((r) => registrationFieldStatement(db, code, r)), settingsAudit(db, code, actor, 'settings.registration', target, was, changed)]);
  }
  return { rows: next, changed };
}

/** Changes to a payment method; absent keys keep their stored value. Names: language → name, null removes it. */
export interface PaymentMethodChanges {
  provider?: 'demo' | 'http';
  displayName?: string;
  names?: Record<string, string | null>;
  minMinor?: number;
  maxMinor?: number;
  enabled?: boolean;
  sortOrder?: number;
  endpointUrl?: string;
  accountId?: string;
  secretName?: string;
}

/**
 * Changes a deposit payment method, or adds it when the site has none of that code (then provider, name, min and
 * max are required: 400 `payment_method_incomplete`). Refusals: 400 `limits_invalid` (min above max), 400
 * `payment_method_provider_incomplete` (the http provider without endpoint, account and secret name). Writes the
 * method, its names and the audit row `settings.payment_method` in one batch. Answers the method before (null when
 * added) and after, and whether it is off while it still pays out withdrawals.
 */
export async function changePaymentMethod(db: D1Database, code: string, method: string, changes: PaymentMethodChanges, actor: SettingsActor): Promise<{ before: PaymentMethodSetting | null; after: PaymentMethodSetting; stillPaysOut: boolean }> {
  const methods = await listPaymentMethodSettings(db, code);
  const stored = methods.find((m) => m.methodCode === method) ?? null;
  if (!stored) {
    const missing = (['provider', 'displayName', 'minMinor', 'maxMinor'] as const).filter((k) => changes[k] === undefined);
    if (missing.length > 0) {
      const keys = missing.map((k) => ({ provider: 'provider=demo|http', displayName: 'name=…', minMinor: 'min=…', maxMinor: 'max=…' })[k]);
      refuse('payment_method_incomplete', `No payment method ${method} on ${code}. To add it, give ${keys.join(' ')} too. See: npm run operator -- payment-methods ${code}`);
    }
  }
  const base: Omit<PaymentMethodSetting, 'names'> = stored ?? {
    methodCode: method, provider: 'demo', displayName: '', minMinor: 0, maxMinor: 0, endpointUrl: '', accountId: '', secretName: '',
    sortOrder: (Math.max(0, ...methods.map((m) => m.sortOrder)) + 10), enabled: true,
  };
  const { names = {}, ...rest } = changes;
  const next = { ...base, ...rest, methodCode: method };
  if (next.minMinor > next.maxMinor) refuse('limits_invalid', `min ${money(next.minMinor)} would be above max ${money(next.maxMinor)}; give both.`);
  if (next.provider === 'http') {
    const missing = [!next.endpointUrl && 'endpoint=https://…', !next.accountId && 'account=…', !next.secretName && 'secret=<SECRET_NAME>'].filter(Boolean);
    if (missing.length > 0) refuse('payment_method_provider_incomplete', `The http provider needs ${missing.join(' ')} (docs/site-settings.md, Payment methods).`);
  }
  const afterNames = { ...(stored?.names ?? {}) };
  for (const [language, name] of Object.entries(names)) {
    if (name === null) delete afterNames[language];
    else afterNames[language] = name;
  }
  const after: PaymentMethodSetting = { ...next, names: afterNames };
  await db.batch([...paymentMethodStatements(db, code, next, names), settingsAudit(db, code, actor, 'settings.payment_method', `payment_method:${method}`, stored, after)]);
  const payout = await findWithdrawSettings(db, code);
  return { before: stored, after, stillPaysOut: payout?.payoutMethod === method && !after.enabled };
}

/** Changes to the withdrawal settings; absent keys keep their stored value. */
export interface WithdrawChanges {
  payoutMethod?: string;
  minMinor?: number;
  maxMinor?: number;
}

/**
 * Changes the withdrawal settings (`changes` merged with what is stored), or turns withdrawals off (`null`: the row
 * is deleted; requests already filed are still decided and paid out). Turning them on needs the payout method, min
 * and max together (400 `withdrawals_incomplete`); 400 `limits_invalid` when min is above max; 400
 * `payout_method_unknown` when the site has no payment method of that code. One batch with the audit row
 * `settings.withdrawals`. Answers the settings before and after (null: off).
 */
export async function changeWithdrawSettings(db: D1Database, code: string, changes: WithdrawChanges | null, actor: SettingsActor): Promise<{ before: WithdrawSettings | null; after: WithdrawSettings | null }> {
  const stored = await findWithdrawSettings(db, code);
  if (changes === null) {
    await db.batch([withdrawSettingStatement(db, code, null), settingsAudit(db, code, actor, 'settings.withdrawals', 'withdrawals', stored, null)]);
    return { before: stored, after: null };
  }
  if (!stored && (changes.payoutMethod === undefined || changes.minMinor === undefined || changes.maxMinor === undefined)) {
    refuse('withdrawals_incomplete', `Withdrawals are off on ${code}; to turn them on give payout=<METHOD> min=… max=… together.`);
  }
  const next: WithdrawSettings = { payoutMethod: '', minMinor: 0, maxMinor: 0, ...stored, ...changes };
  if (next.minMinor > next.maxMinor) refuse('limits_invalid', `min ${money(next.minMinor)} would be above max ${money(next.maxMinor)}; give both.`);
  const methods = await listPaymentMethodSettings(db, code);
  if (!methods.some((m) => m.methodCode === next.payoutMethod)) {
    refuse('payout_method_unknown', `No payment method ${next.payoutMethod} on ${code} to pay out with. See: npm run operator -- payment-methods ${code}`);
  }
  await db.batch([withdrawSettingStatement(db, code, next), settingsAudit(db, code, actor, 'settings.withdrawals', 'withdrawals', stored, next)]);
  return { before: stored, after: next };
}
