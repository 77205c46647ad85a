import { Hono } from 'hono';
import type { Context } from 'hono';
import type { z } from 'zod';
import {
  consoleCashierCalls, consolePaymentMethodCreateBody, consolePaymentMethodUpdateBody, consoleRegistrationFieldBody, consoleSiteLinkBody,
  consoleSocialLoginBody, consoleWithdrawSettingsBody, type consolePaymentMethod, type consoleSiteLink, type consoleSocialLogin,
} from '../../contract/calls/console-cashier';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { listPaymentMethodSettings, type PaymentMethodSetting, type RegistrationFieldSetting } from '../db/queries/operator-settings';
import { findWithdrawSettings, type WithdrawSettings } from '../db/queries/withdrawals';
import {
  changePaymentMethod, changeRegistration, changeWithdrawSettings, registrationRows, ruleOf, SettingsRefusal, type PaymentMethodChanges, type SettingsActor,
} from '../services/cashier/settings';
import { changeLink, changeSocialLogin, linkStates, settingsOverview, socialStates, type LinkState, type SocialState } from '../services/cashier/links';
import { builtInOnly, can, type ConsoleEnv } from './access';

/**
 * The back office's "Sign-up and payments" area (docs/back-office.md "Sign-up and payments"; calls in
 * contract/calls/console-cashier.ts), mounted at /console/api: the same services as the operator commands
 * (worker/services/cashier/settings.ts, links.ts), each change with its audit row (the operator, the reason, before
 * and after) in the change's batch. Reads need `settings.read`, changes `settings.write` (`can` first: session, site,
 * CSRF, origin, role); everything is the host's site's (`c.var.merchant.code`), so another site's operator is
 * refused and there is no other site's record to reach.
 * - GET cashier-overview; GET registration-fields, GET|PUT registration-fields/<field>; GET payment-methods, GET|PUT
 *   payment-methods/<code>, POST payment-methods; GET|PUT withdraw-settings/site; GET social-logins, GET|PUT
 *   social-logins/<provider>: built-in mode only (404 `function.not.available` in upstream mode, where the platform
 *   keeps registration, payments and log-in: docs/upstream-mode.md).
 * - GET site-links, GET|PUT site-links/<type>: both modes (the platform-unavailable and gate pages show the site's own
 *   customer-service links in upstream mode too).
 * Refusals of a change: 400 `request_param_err` (the body), the service's errorCode (SettingsRefusal, 400/404/409).
 * The secrets are checked by name only: whether the worker has a binding of that name, never its value.
 */

const actor = (c: Context<ConsoleEnv>, reason: string): SettingsActor => ({
  operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp, reason,
});

function refusal(error: unknown): never {
  if (error instanceof SettingsRefusal) throw new ApiError(error.status, error.errorCode, error.message);
  throw error;
}

/** The names of the worker's string bindings that hold a value (the secrets' names; the values are never read out). */
function secretNames(c: Context<ConsoleEnv>): Set<string> {
  return new Set(Object.entries(c.env as unknown as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && v !== '').map(([k]) => k));
}

const fieldView = (r: RegistrationFieldSetting) => ({ id: r.field, field: r.field, rule: ruleOf(r), sortOrder: r.sortOrder }) as z.output<typeof consoleCashierCalls.consoleRegistrationFieldUpdate.value>;

function methodView(m: PaymentMethodSetting, payout: WithdrawSettings | null): z.output<typeof consolePaymentMethod> {
  return {
    id: m.methodCode, methodCode: m.methodCode, provider: m.provider, displayName: m.displayName,
    names: Object.entries(m.names).map(([language, name]) => ({ language, name })) as z.output<typeof consolePaymentMethod>['names'],
    minAmount: m.minMinor, maxAmount: m.maxMinor, enabled: m.enabled, sortOrder: m.sortOrder, endpointUrl: m.endpointUrl, accountId: m.accountId,
    secretName: m.secretName, paysOut: payout?.payoutMethod === m.methodCode,
  };
}

const withdrawView = (w: WithdrawSettings | null) => ({
  id: 'site' as const, enabled: w !== null, payoutMethod: w?.payoutMethod ?? '', minAmount: w?.minMinor ?? 0, maxAmount: w?.maxMinor ?? 0,
});

function linkView(l: LinkState): z.output<typeof consoleSiteLink> {
  const state = l.url === '' ? (l.stored ? 'cleared' : 'not_set') : l.placeholder ? 'placeholder' : 'set';
  return { id: l.kind.type, type: l.kind.type, url: l.url, label: l.label, purpose: l.kind.purpose, hasLabel: l.kind.table === 'merchant_resources', state };
}

function socialView(s: SocialState, code: string): z.output<typeof consoleSocialLogin> {
  return {
    id: s.provider, switchId: s.switchId, switchOn: s.switchOn, clientId: s.row?.clientId ?? '', secretName: s.row?.clientSecretEnv ?? '',
    secretSet: s.secretSet, state: s.state, problem: s.problem?.replaceAll('<merchant>', code) ?? null,
  };
}

async function method(c: Context<ConsoleEnv>, code: string) {
  const [methods, payout] = await Promise.all([listPaymentMethodSettings(c.env.DB, c.var.merchant.code), findWithdrawSettings(c.env.DB, c.var.merchant.code)]);
  const m = methods.find((x) => x.methodCode === code);
  if (!m) throw new ApiError(404, 'payment_method_not_found', 'No such payment method on this site');
  return ok(c, encodeValue(consoleCashierCalls.consolePaymentMethod, methodView(m, payout)));
}

/** A body's method fields as the service's changes (amounts already minor units by the money codec). */
function methodChanges(b: z.output<typeof consolePaymentMethodUpdateBody>): PaymentMethodChanges {
  const changes: PaymentMethodChanges = {};
  if (b.provider !== undefined) changes.provider = b.provider;
  if (b.displayName !== undefined) changes.displayName = b.displayName;
  if (b.names !== undefined) changes.names = Object.fromEntries(b.names.map((n) => [n.language, n.name]));
  if (b.minAmount !== undefined) changes.minMinor = b.minAmount;
  if (b.maxAmount !== undefined) changes.maxMinor = b.maxAmount;
  if (b.enabled !== undefined) changes.enabled = b.enabled;
  if (b.sortOrder !== undefined) changes.sortOrder = b.sortOrder;
  if (b.endpointUrl !== undefined) changes.endpointUrl = b.endpointUrl;
  if (b.accountId !== undefined) changes.accountId = b.accountId;
  if (b.secretName !== undefined) changes.secretName = b.secretName;
  return changes;
}

const idParam = (c: Context<ConsoleEnv>) => c.req.param('id') ?? '';

export const cashierConsole = new Hono<ConsoleEnv>()
  .get('/cashier-overview', builtInOnly, can('settings.read'), async (c) => {
    const code = c.var.merchant.code;
    const [overview, registration, withdraw] = await Promise.all([
      settingsOverview(c.env.DB, code, secretNames(c)), registrationRows(c.env.DB, code), findWithdrawSettings(c.env.DB, code),
    ]);
    return ok(c, encodeValue(consoleCashierCalls.consoleCashierOverview, {
      id: 'overview',
      problems: overview.problems.map((p) => ({ id: `${p.code}:${p.subject}`, ...p })),
      registration: {
        required: registration.filter((r) => ruleOf(r) === 'required').map((r) => r.field),
        optional: registration.filter((r) => ruleOf(r) === 'optional').map((r) => r.field),
      },
      paymentMethods: { enabled: overview.methods.filter((m) => m.enabled).length, total: overview.methods.length },
      withdrawals: withdrawView(withdraw),
    }));
  })
  .get('/registration-fields', builtInOnly, can('settings.read'), async (c) => {
    const rows = await registrationRows(c.env.DB, c.var.merchant.code);
    return ok(c, { items: rows.map(fieldView), total: rows.length });
  })
  .get('/registration-fields/:id', builtInOnly, can('settings.read'), async (c) => {
    const row = (await registrationRows(c.env.DB, c.var.merchant.code)).find((r) => r.field === idParam(c));
    if (!row) throw new ApiError(404, 'registration_field_unknown', 'No such registration field');
    return ok(c, fieldView(row));
  })
  .put('/registration-fields/:id', builtInOnly, can('settings.write'), valid('json', consoleRegistrationFieldBody), async (c) => {
    const b = c.req.valid('json');
    const field = idParam(c);
    const stored = (await registrationRows(c.env.DB, c.var.merchant.code)).find((r) => r.field === field);
    const rule = b.rule ?? (stored ? ruleOf(stored) : 'off');
    const change = { rules: [{ field, rule, ...(b.sortOrder !== undefined ? { sortOrder: b.sortOrder } : {}) }], order: null };
    const { rows } = await changeRegistration(c.env.DB, c.var.merchant.code, change, actor(c, b.reason)).catch(refusal);
    return ok(c, fieldView(rows.find((r) => r.field === field)!));
  })
  .get('/payment-methods', builtInOnly, can('settings.read'), async (c) => {
    const [methods, payout] = await Promise.all([listPaymentMethodSettings(c.env.DB, c.var.merchant.code), findWithdrawSettings(c.env.DB, c.var.merchant.code)]);
    return ok(c, encodeValue(consoleCashierCalls.consolePaymentMethods, { items: methods.map((m) => methodView(m, payout)), total: methods.length }));
  })
  .get('/payment-methods/:id', builtInOnly, can('settings.read'), (c) => method(c, idParam(c)))
  .post('/payment-methods', builtInOnly, can('settings.write'), valid('json', consolePaymentMethodCreateBody), async (c) => {
    const b = c.req.valid('json');
    const exists = (await listPaymentMethodSettings(c.env.DB, c.var.merchant.code)).some((m) => m.methodCode === b.methodCode);
    if (exists) throw new ApiError(409, 'payment_method_exists', 'The site has a payment method of that code; change it instead');
    await changePaymentMethod(c.env.DB, c.var.merchant.code, b.methodCode, methodChanges(b), actor(c, b.reason)).catch(refusal);
    return method(c, b.methodCode);
  })
  .put('/payment-methods/:id', builtInOnly, can('settings.write'), valid('json', consolePaymentMethodUpdateBody), async (c) => {
    const b = c.req.valid('json');
    const code = idParam(c);
    const exists = (await listPaymentMethodSettings(c.env.DB, c.var.merchant.code)).some((m) => m.methodCode === code);
    if (!exists) throw new ApiError(404, 'payment_method_not_found', 'No such payment method on this site');
    await changePaymentMethod(c.env.DB, c.var.merchant.code, code, methodChanges(b), actor(c, b.reason)).catch(refusal);
    return method(c, code);
  })
  .get('/withdraw-settings/site', builtInOnly, can('settings.read'), async (c) => {
    return ok(c, encodeValue(consoleCashierCalls.consoleWithdrawSettings, withdrawView(await findWithdrawSettings(c.env.DB, c.var.merchant.code))));
  })
  .put('/withdraw-settings/site', builtInOnly, can('settings.write'), valid('json', consoleWithdrawSettingsBody), async (c) => {
    const b = c.req.valid('json');
    const changes = b.enabled ? {
      ...(b.payoutMethod !== undefined ? { payoutMethod: b.payoutMethod } : {}),
      ...(b.minAmount !== undefined ? { minMinor: b.minAmount } : {}),
      ...(b.maxAmount !== undefined ? { maxMinor: b.maxAmount } : {}),
    } : null;
    const { after } = await changeWithdrawSettings(c.env.DB, c.var.merchant.code, changes, actor(c, b.reason)).catch(refusal);
    return ok(c, encodeValue(consoleCashierCalls.consoleWithdrawSettings, withdrawView(after)));
  })
  .get('/site-links', can('settings.read'), async (c) => {
    const links = await linkStates(c.env.DB, c.var.merchant.code);
    return ok(c, { items: links.map(linkView), total: links.length });
  })
  .get('/site-links/:id', can('settings.read'), async (c) => {
    const link = (await linkStates(c.env.DB, c.var.merchant.code)).find((l) => l.kind.type.toUpperCase() === idParam(c).toUpperCase());
    if (!link) throw new ApiError(404, 'link_type_unknown', 'No such link type');
    return ok(c, linkView(link));
  })
  .put('/site-links/:id', can('settings.write'), valid('json', consoleSiteLinkBody), async (c) => {
    const b = c.req.valid('json');
    const { after } = await changeLink(c.env.DB, c.var.merchant.code, idParam(c), b.url === '' ? null : b.url, b.label ?? null, actor(c, b.reason)).catch(refusal);
    const link = (await linkStates(c.env.DB, c.var.merchant.code)).find((l) => l.kind.table === after.table && l.kind.type.toUpperCase() === after.type.toUpperCase())!;
    return ok(c, linkView(link));
  })
  .get('/social-logins', builtInOnly, can('settings.read'), async (c) => {
    const states = await socialStates(c.env.DB, c.var.merchant.code, secretNames(c));
    return ok(c, { items: states.map((s) => socialView(s, c.var.merchant.code)), total: states.length });
  })
  .get('/social-logins/:id', builtInOnly, can('settings.read'), async (c) => {
    const state = (await socialStates(c.env.DB, c.var.merchant.code, secretNames(c))).find((s) => s.provider === idParam(c));
    if (!state) throw new ApiError(404, 'social_provider_unknown', 'google or facebook expected');
    return ok(c, socialView(state, c.var.merchant.code));
  })
  .put('/social-logins/:id', builtInOnly, can('settings.write'), valid('json', consoleSocialLoginBody), async (c) => {
    const b = c.req.valid('json');
    const provider = idParam(c);
    const client = b.clientId === '' ? null : { clientId: b.clientId, secretName: b.secretName };
    await changeSocialLogin(c.env.DB, c.var.merchant.code, provider, client, actor(c, b.reason)).catch(refusal);
    const state = (await socialStates(c.env.DB, c.var.merchant.code, secretNames(c))).find((s) => s.provider === provider)!;
    return ok(c, socialView(state, c.var.merchant.code));
  });
