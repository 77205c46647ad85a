import { z } from 'zod';
import { defineCall } from '../call';
import { REGISTER_FIELDS } from '../fieldFormats';
import { LANGUAGES } from '../languageCodes';
import { money, wireMoney } from '../money';

/**
 * The back office's "Sign-up and payments" area (docs/back-office.md "Sign-up and payments"; the same settings as
 * the operator commands of docs/site-settings.md): the registration form's fields, the deposit payment methods
 * (limits, order, state, names per language, provider), the withdrawal settings, the site's links and the Google
 * and Facebook log-in clients (a client id and the NAME of the worker secret, never a secret's value), and the
 * overview of what needs attention. Reads need `settings.read`, changes `settings.write`; every change carries a
 * `reason` (1–200 characters) for its audit row. Lists follow src/console/registry.ts (`{ items, total }`, every
 * item an `id`). Amounts are decimal currency units on the wire (at most 2 decimals), integer minor units inside.
 * Refusals of a change: 400 `request_param_err` (the body), 400/404 with the service's errorCode
 * (worker/services/cashier/settings.ts, links.ts). In upstream mode only the links exist (404
 * `function.not.available` for the rest: the platform keeps registration, payments and log-in).
 */

const reason = z.string().trim().min(1, 'a reason expected').max(200);
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const plainName = z.string().trim().min(1).max(60).refine((v) => !/[\u0000-\u001f\u007f-\u009f<>]/.test(v), 'no control characters or < > in a name');
const limit = money(wireMoney.pipe(z.number().positive().max(100_000_000)));
const methodCode = z.string().regex(/^[A-Z0-9_]{1,32}$/, 'method code expected (upper-case letters, digits, _; at most 32)');
const secretName = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'a worker secret name expected: upper-case letters, digits and _');
/** A PSP endpoint: https, or http only to this machine (a local stand-in provider). */
const endpoint = z.string().trim().max(300).refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
  } catch {
    return false;
  }
}, 'an https:// address expected (http:// only to localhost)');

export const FIELD_RULES = ['off', 'optional', 'required'] as const;

/** One registration field (accounts §3): `id` is the field. */
export const consoleRegistrationField = z.object({
  id: z.enum(REGISTER_FIELDS), field: z.enum(REGISTER_FIELDS), rule: z.enum(FIELD_RULES), sortOrder: z.number().int(),
});
/** A field's rule and/or place (absent: kept), and the reason. */
export const consoleRegistrationFieldBody = z.object({ rule: z.enum(FIELD_RULES).optional(), sortOrder: z.number().int().min(0).max(100_000).optional(), reason });

/** A stored name in a language (answers: as stored). */
const nameInLanguage = z.object({ language: z.string(), name: z.string() });

/** A deposit payment method as the operator sees it (`id` is its code); the secret is a name only. */
export const consolePaymentMethod = z.object({
  id: z.string(), methodCode: z.string(), provider: z.enum(['demo', 'http']), displayName: z.string(),
  names: z.array(nameInLanguage), minAmount: money(), maxAmount: money(), enabled: z.boolean(), sortOrder: z.number().int(),
  endpointUrl: z.string(), accountId: z.string(), secretName: z.string(),
  /** Whether the withdrawal settings pay out with this method. */
  paysOut: z.boolean(),
});

const methodFields = {
  provider: z.enum(['demo', 'http']),
  displayName: plainName,
  /** Names per language: a name, or null to remove it (the method's own name shows there). */
  names: z.array(z.object({ language: z.enum(LANGUAGES), name: plainName.nullable() })).max(LANGUAGES.length),
  minAmount: limit, maxAmount: limit, enabled: z.boolean(), sortOrder: z.number().int().min(0).max(999_999),
  endpointUrl: endpoint, accountId: z.string().trim().max(100), secretName,
};
/** A change to a method: any of its fields, and the reason. */
export const consolePaymentMethodUpdateBody = z.object({
  provider: methodFields.provider.optional(), displayName: methodFields.displayName.optional(), names: methodFields.names.optional(),
  minAmount: methodFields.minAmount.optional(), maxAmount: methodFields.maxAmount.optional(), enabled: methodFields.enabled.optional(),
  sortOrder: methodFields.sortOrder.optional(), endpointUrl: methodFields.endpointUrl.optional(), accountId: methodFields.accountId.optional(),
  secretName: methodFields.secretName.optional(), reason,
});
/** A new method: its code, provider, name and limits (the http provider also endpoint, account and secret name). */
export const consolePaymentMethodCreateBody = consolePaymentMethodUpdateBody.extend({
  methodCode, provider: methodFields.provider, displayName: methodFields.displayName, minAmount: methodFields.minAmount, maxAmount: methodFields.maxAmount,
});

/** The withdrawal settings (`id` 'site'): off, or the method paying out and the limits per request. */
export const consoleWithdrawSettings = z.object({
  id: z.literal('site'), enabled: z.boolean(), payoutMethod: z.string(), minAmount: money(), maxAmount: money(),
});
export const consoleWithdrawSettingsBody = z.object({
  enabled: z.boolean(), payoutMethod: methodCode.optional(), minAmount: limit.optional(), maxAmount: limit.optional(), reason,
});

/** A link kind with its address ('' when not set or cleared); `id` is the type. */
export const consoleSiteLink = z.object({
  id: z.string(), type: z.string(), url: z.string(), label: z.string(), purpose: z.string(), hasLabel: z.boolean(),
  state: z.enum(['set', 'cleared', 'not_set', 'placeholder']),
});
/** `url` '' clears the link; `label` only for resource links. */
export const consoleSiteLinkBody = z.object({ url: z.string().trim().max(500), label: plainName.optional(), reason });

/** A social log-in provider (`id` google or facebook). `secretSet`: whether the named worker secret is set. */
export const consoleSocialLogin = z.object({
  id: z.enum(['google', 'facebook']), switchId: z.string(), switchOn: z.boolean(), clientId: z.string(), secretName: z.string(),
  secretSet: z.boolean().nullable(), state: z.string(), problem: z.string().nullable(),
});
/** Sets the client id and secret name, or (`clientId` '') removes the client id. */
export const consoleSocialLoginBody = z.object({ clientId: z.string().trim().max(200), secretName: z.string().max(64).default(''), reason });

const problem = z.object({ id: z.string(), code: z.string(), subject: z.string(), message: z.string() });
export const consoleCashierOverview = z.object({
  id: z.literal('overview'),
  problems: z.array(problem),
  registration: z.object({ required: z.array(z.string()), optional: z.array(z.string()) }),
  paymentMethods: z.object({ enabled: z.number().int(), total: z.number().int() }),
  withdrawals: consoleWithdrawSettings,
});

const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
const base = { auth: 'none' as const };

export const consoleCashierCalls = {
  consoleCashierOverview: defineCall({
    ...base, name: 'consoleCashierOverview', method: 'GET', path: '/console/api/cashier-overview', console: 'settings.read', value: consoleCashierOverview,
    summary: 'The sign-up and payment settings at a glance and what needs attention (docs/back-office.md "Sign-up and payments").',
  }),
  consoleRegistrationFields: defineCall({
    ...base, name: 'consoleRegistrationFields', method: 'GET', path: '/console/api/registration-fields', console: 'settings.read', value: list(consoleRegistrationField),
    summary: 'Every registration field with its rule (off, optional, required), in form order.',
  }),
  consoleRegistrationField: defineCall({
    ...base, name: 'consoleRegistrationField', method: 'GET', path: '/console/api/registration-fields/{id}', console: 'settings.read', value: consoleRegistrationField,
    summary: 'One registration field; 404 `registration_field_unknown`.',
  }),
  consoleRegistrationFieldUpdate: defineCall({
    ...base, name: 'consoleRegistrationFieldUpdate', method: 'PUT', path: '/console/api/registration-fields/{id}', console: 'settings.write',
    body: consoleRegistrationFieldBody, value: consoleRegistrationField,
    summary: 'Sets a field\'s rule (and place); 404 `registration_field_unknown`.',
  }),
  consolePaymentMethods: defineCall({
    ...base, name: 'consolePaymentMethods', method: 'GET', path: '/console/api/payment-methods', console: 'settings.read', value: list(consolePaymentMethod),
    summary: 'The deposit payment methods, enabled or not, in their order.',
  }),
  consolePaymentMethod: defineCall({
    ...base, name: 'consolePaymentMethod', method: 'GET', path: '/console/api/payment-methods/{id}', console: 'settings.read', value: consolePaymentMethod,
    summary: 'One payment method; 404 `payment_method_not_found`.',
  }),
  consolePaymentMethodCreate: defineCall({
    ...base, name: 'consolePaymentMethodCreate', method: 'POST', path: '/console/api/payment-methods', console: 'settings.write',
    body: consolePaymentMethodCreateBody, value: consolePaymentMethod,
    summary: 'Adds a payment method; 409 `payment_method_exists`, 400 `limits_invalid`, `payment_method_provider_incomplete`.',
  }),
  consolePaymentMethodUpdate: defineCall({
    ...base, name: 'consolePaymentMethodUpdate', method: 'PUT', path: '/console/api/payment-methods/{id}', console: 'settings.write',
    body: consolePaymentMethodUpdateBody, value: consolePaymentMethod,
    summary: 'Changes a payment method; 404 `payment_method_not_found`, 400 `limits_invalid`, `payment_method_provider_incomplete`.',
  }),
  consoleWithdrawSettings: defineCall({
    ...base, name: 'consoleWithdrawSettings', method: 'GET', path: '/console/api/withdraw-settings/site', console: 'settings.read', value: consoleWithdrawSettings,
    summary: 'The withdrawal settings: off, or the payout method and the limits per request.',
  }),
  consoleWithdrawSettingsUpdate: defineCall({
    ...base, name: 'consoleWithdrawSettingsUpdate', method: 'PUT', path: '/console/api/withdraw-settings/site', console: 'settings.write',
    body: consoleWithdrawSettingsBody, value: consoleWithdrawSettings,
    summary: 'Turns withdrawals off or changes them; 400 `withdrawals_incomplete`, `limits_invalid`, `payout_method_unknown`.',
  }),
  consoleSiteLinks: defineCall({
    ...base, name: 'consoleSiteLinks', method: 'GET', path: '/console/api/site-links', console: 'settings.read', value: list(consoleSiteLink),
    summary: 'The customer-service, Telegram, social and app-download links (also in upstream mode).',
  }),
  consoleSiteLink: defineCall({
    ...base, name: 'consoleSiteLink', method: 'GET', path: '/console/api/site-links/{id}', console: 'settings.read', value: consoleSiteLink,
    summary: 'One link kind; 404 `link_type_unknown`.',
  }),
  consoleSiteLinkUpdate: defineCall({
    ...base, name: 'consoleSiteLinkUpdate', method: 'PUT', path: '/console/api/site-links/{id}', console: 'settings.write',
    body: consoleSiteLinkBody, value: consoleSiteLink,
    summary: 'Sets or clears a link; 404 `link_type_unknown`, 400 `link_invalid`, `link_label_not_allowed`.',
  }),
  consoleSocialLogins: defineCall({
    ...base, name: 'consoleSocialLogins', method: 'GET', path: '/console/api/social-logins', console: 'settings.read', value: list(consoleSocialLogin),
    summary: 'Google and Facebook log-in: switch, client id, secret name and whether it is set, what is missing.',
  }),
  consoleSocialLogin: defineCall({
    ...base, name: 'consoleSocialLogin', method: 'GET', path: '/console/api/social-logins/{id}', console: 'settings.read', value: consoleSocialLogin,
    summary: 'One provider; 404 `social_provider_unknown`.',
  }),
  consoleSocialLoginUpdate: defineCall({
    ...base, name: 'consoleSocialLoginUpdate', method: 'PUT', path: '/console/api/social-logins/{id}', console: 'settings.write',
    body: consoleSocialLoginBody, value: consoleSocialLogin,
    summary: 'Sets or removes a provider\'s client; 404 `social_provider_unknown`, 400 `social_client_invalid`, `secret_name_invalid`.',
  }),
};
