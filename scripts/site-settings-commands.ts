/**
 * The site-settings commands of `npm run operator` (docs/site-settings.md): parsing and validation (zod), pure, so
 * they are tested without a database. scripts/site-settings.ts runs them on the worker's tables through
 * worker/db/queries/operator-settings.ts.
 */
import { z } from 'zod';
import { REGISTER_FIELDS } from '../contract/fieldFormats.ts';
import { LANGUAGES } from '../contract/languageCodes.ts';
import { wireToMinor } from '../contract/money.ts';
import { CLIENT_ID_PATTERNS, LINK_KINDS, linkKind, linkUrlProblem, SECRET_NAME, SOCIAL_LOGIN_SWITCHES, type SocialLoginName } from '../worker/model/site-settings.ts';
import { UsageError } from './operator-commands.ts';

// The changes' shapes are the service's (worker/services/cashier/settings.ts), which the back office calls too.
import type { FieldRule, PaymentMethodChanges, WithdrawChanges } from '../worker/services/cashier/settings.ts';
export type { FieldRule, PaymentMethodChanges, WithdrawChanges };

/** A parsed site-settings command. Merchant codes are as typed; the runner resolves them case-insensitively. */
export type SiteSettingsCommand =
  | { kind: 'settings'; merchant: string }
  | { kind: 'registration-show'; merchant: string }
  | { kind: 'registration-set'; merchant: string; rules: { field: string; rule: FieldRule }[]; order: string[] | null }
  | { kind: 'payment-methods'; merchant: string }
  | { kind: 'payment-method-set'; merchant: string; method: string; changes: PaymentMethodChanges }
  | { kind: 'withdraw-show'; merchant: string }
  | { kind: 'withdraw-set'; merchant: string; changes: WithdrawChanges }
  | { kind: 'withdraw-off'; merchant: string }
  | { kind: 'links'; merchant: string }
  | { kind: 'link-set'; merchant: string; type: string; url: string | null; label: string | null }
  | { kind: 'social-show'; merchant: string }
  | { kind: 'social-set'; merchant: string; provider: SocialLoginName; clientId: string; secretName: string }
  | { kind: 'social-clear'; merchant: string; provider: SocialLoginName };

/** Usage lines of the site-settings commands, each with an example (appended to the operator's usage). */
export const SITE_SETTINGS_USAGE = `  settings <merchant>                     everything below at a glance, with what is missing (e.g. a social login switched on but not configured)
  registration <merchant>                 the registration form's fields: off, optional or required, in form order
  registration <merchant> <field>=off|optional|required… [order=<field,field,…>]
                                          e.g. registration DEMO email=required qqNum=off order=username,password,confirmPassword
  payment-methods <merchant>              the deposit methods with limits, order, state and names
  payment-method <merchant> <METHOD> key=value…   change a method, or add one (provider, name, min and max given)
                                          keys: min=10.00 max=5000.00 enabled=on|off order=20 name="Bank transfer"
                                          name.AR="تحويل بنكي" (name.XX=none removes it) provider=demo|http
                                          endpoint=https://psp.example/api account=<PSP account id> secret=<SECRET_NAME>
                                          e.g. payment-method DEMO DEMO_BANK min=20.00 max=1000.00
  withdraw-settings <merchant>            the withdrawal limits and the method that pays out
  withdraw-settings <merchant> [payout=<METHOD>] [min=<amount>] [max=<amount>] | off
                                          e.g. withdraw-settings DEMO payout=DEMO_BANK min=20.00 max=2000.00
  links <merchant>                        the customer-service, Telegram, social and app-download links
  link <merchant> <type> <https://…|none> [label=<English label>]
                                          types: ${LINK_KINDS.map((k) => k.type).join(', ')}
                                          e.g. link DEMO telegram https://t.me/playdeck ; link DEMO cs none
  social <merchant>                       Google and Facebook login: switch, client id, secret, and what is missing
  social <merchant> google|facebook client=<client id> secret=<SECRET_NAME> | none
                                          e.g. social DEMO google client=123456789012-abc….apps.googleusercontent.com secret=GOOGLE_CLIENT_SECRET
Amounts are currency units with at most 2 decimals. Each command writes in one batch: all of it or nothing.`;

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;
/** Largest amount a limit may hold (currency units). */
export const AMOUNT_MAX = '100000000';

const merchant = z.string({ error: 'merchant code expected' }).regex(MERCHANT, 'merchant code expected (letters, digits, _; at most 32)');
const methodCode = z.string().trim().toUpperCase().pipe(z.string().regex(/^[A-Z0-9_]{1,32}$/, 'method code expected (letters, digits, _; at most 32)'));
const amount = z.string().trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'amount expected in currency units with at most 2 decimals, e.g. 12.50')
  .transform((v) => wireToMinor(v))
  .refine((minor) => minor > 0, 'an amount above 0 expected')
  .refine((minor) => minor <= wireToMinor(AMOUNT_MAX), `at most ${AMOUNT_MAX}`);
const onOff = z.enum(['on', 'off'], { error: 'on or off expected' }).transform((v) => v === 'on');
const plainName = z.string().trim().min(1, 'a name expected').max(60, 'at most 60 characters')
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  .refine((v) => !/[\u0000-\u001f\u007f-\u009f<>]/.test(v), 'no control characters or < > in a name');
const secretName = z.string().regex(SECRET_NAME, 'a worker secret name expected: upper-case letters, digits and _, e.g. PSP_SECRET');
/** A PSP endpoint: https, or http only to this machine (a local stand-in provider). */
const endpoint = z.string().trim().max(300).refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
  } catch {
    return false;
  }
}, 'an https:// address expected (http:// only to localhost)');

/** `key=value…` → an object (a key twice is an error); a bare word is an error naming it. */
function pairs(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    if (at <= 0) throw new UsageError(`key=value expected, got ${JSON.stringify(arg)}`);
    const key = arg.slice(0, at);
    if (key in out) throw new UsageError(`${key} given twice`);
    out[key] = arg.slice(at + 1);
  }
  return out;
}

/** A zod result, or a UsageError listing every problem by key. */
function valid<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new UsageError(`${what}: ${lines.join('; ')}`);
}

/** The spec's spelling of a registration field named in any case, or a UsageError listing them. */
export function fieldName(name: string): string {
  const field = REGISTER_FIELDS.find((f) => f.toLowerCase() === name.toLowerCase());
  if (!field) throw new UsageError(`unknown registration field ${JSON.stringify(name)}; fields: ${REGISTER_FIELDS.join(', ')}`);
  return field;
}

function parseRegistration(m: string, args: readonly string[]): SiteSettingsCommand {
  if (args.length === 0) return { kind: 'registration-show', merchant: m };
  const given = pairs(args);
  const rules: { field: string; rule: FieldRule }[] = [];
  let order: string[] | null = null;
  for (const [key, value] of Object.entries(given)) {
    if (key === 'order') {
      order = value.split(',').map((f) => fieldName(f.trim()));
      if (new Set(order).size !== order.length) throw new UsageError('order names a field twice');
      continue;
    }
    const rule = valid(z.enum(['off', 'optional', 'required'], { error: 'off, optional or required expected' }), value, fieldName(key));
    rules.push({ field: fieldName(key), rule });
  }
  if (new Set(rules.map((r) => r.field)).size !== rules.length) throw new UsageError('a field is named twice');
  return { kind: 'registration-set', merchant: m, rules, order };
}

const paymentKeys = z.object({
  min: amount.optional(), max: amount.optional(), enabled: onOff.optional(),
  order: z.string().regex(/^\d{1,6}$/, 'a whole number expected').transform(Number).optional(),
  name: plainName.optional(), provider: z.enum(['demo', 'http'], { error: 'demo or http expected' }).optional(),
  endpoint: endpoint.optional(), account: z.string().trim().max(100, 'at most 100 characters').optional(), secret: secretName.optional(),
}).strict();

function parsePaymentMethod(m: string, args: readonly string[]): SiteSettingsCommand {
  const [code, ...rest] = args;
  if (code === undefined) return { kind: 'payment-methods', merchant: m };
  const method = valid(methodCode, code, 'method');
  if (rest.length === 0) throw new UsageError('payment-method takes key=value changes after the method, e.g. min=10.00 max=500.00');
  const given = pairs(rest);
  const names: Record<string, string | null> = {};
  for (const key of Object.keys(given).filter((k) => k.startsWith('name.'))) {
    const language = key.slice(5).toUpperCase();
    if (!(LANGUAGES as readonly string[]).includes(language)) throw new UsageError(`${key}: a language code expected (${LANGUAGES.join(', ')})`);
    const value = given[key]!;
    names[language] = value.trim().toLowerCase() === 'none' ? null : valid(plainName, value, key);
    delete given[key];
  }
  const p = valid(paymentKeys, given, `payment-method ${method}`);
  const changes: PaymentMethodChanges = {};
  if (p.provider !== undefined) changes.provider = p.provider;
  if (p.name !== undefined) changes.displayName = p.name;
  if (Object.keys(names).length > 0) changes.names = names;
  if (p.min !== undefined) changes.minMinor = p.min;
  if (p.max !== undefined) changes.maxMinor = p.max;
  if (p.enabled !== undefined) changes.enabled = p.enabled;
  if (p.order !== undefined) changes.sortOrder = p.order;
  if (p.endpoint !== undefined) changes.endpointUrl = p.endpoint;
  if (p.account !== undefined) changes.accountId = p.account;
  if (p.secret !== undefined) changes.secretName = p.secret;
  if (changes.minMinor !== undefined && changes.maxMinor !== undefined && changes.minMinor > changes.maxMinor) throw new UsageError('min must not be above max');
  return { kind: 'payment-method-set', merchant: m, method, changes };
}

const withdrawKeys = z.object({ payout: methodCode.optional(), min: amount.optional(), max: amount.optional() }).strict();

function parseWithdraw(m: string, args: readonly string[]): SiteSettingsCommand {
  if (args.length === 0) return { kind: 'withdraw-show', merchant: m };
  if (args.length === 1 && args[0] === 'off') return { kind: 'withdraw-off', merchant: m };
  const w = valid(withdrawKeys, pairs(args), 'withdraw-settings');
  const changes: WithdrawChanges = {};
  if (w.payout !== undefined) changes.payoutMethod = w.payout;
  if (w.min !== undefined) changes.minMinor = w.min;
  if (w.max !== undefined) changes.maxMinor = w.max;
  if (changes.minMinor !== undefined && changes.maxMinor !== undefined && changes.minMinor > changes.maxMinor) throw new UsageError('min must not be above max');
  return { kind: 'withdraw-set', merchant: m, changes };
}

function parseLink(m: string, args: readonly string[]): SiteSettingsCommand {
  const [typeName, url, ...rest] = args;
  const kind = linkKind(typeName ?? '');
  if (!kind) throw new UsageError(`link type expected (${LINK_KINDS.map((k) => k.type).join(', ')}), got ${JSON.stringify(typeName ?? '')}`);
  if (url === undefined) throw new UsageError(`link ${kind.type} takes an address (https://…) or none`);
  const { label } = valid(z.object({ label: plainName.optional() }).strict(), pairs(rest), `link ${kind.type}`);
  if (label !== undefined && kind.table === 'customer_service') throw new UsageError(`label= is for resource links; ${kind.type} has none`);
  if (url.trim().toLowerCase() === 'none') {
    if (label !== undefined) throw new UsageError('label= goes with an address, not with none');
    return { kind: 'link-set', merchant: m, type: kind.type, url: null, label: null };
  }
  const problem = linkUrlProblem(kind, url.trim());
  if (problem) throw new UsageError(`link ${kind.type} ${JSON.stringify(url)}: ${problem}`);
  return { kind: 'link-set', merchant: m, type: kind.type, url: url.trim(), label: label ?? null };
}

function parseSocial(m: string, args: readonly string[]): SiteSettingsCommand {
  const [providerName, ...rest] = args;
  if (providerName === undefined) return { kind: 'social-show', merchant: m };
  const provider = providerName.toLowerCase();
  if (!(provider in SOCIAL_LOGIN_SWITCHES)) throw new UsageError(`google or facebook expected, got ${JSON.stringify(providerName)}`);
  const p = provider as SocialLoginName;
  if (rest.length === 1 && rest[0] === 'none') return { kind: 'social-clear', merchant: m, provider: p };
  const { pattern, example } = CLIENT_ID_PATTERNS[p];
  const schema = z.object({
    client: z.string({ error: `client=<client id> expected, e.g. client=${example}` }).trim().regex(pattern, `a ${p} client id expected, e.g. ${example}`),
    secret: z.string({ error: `secret=<SECRET_NAME> expected, e.g. secret=${p.toUpperCase()}_CLIENT_SECRET` }).pipe(secretName),
  }).strict();
  const s = valid(schema, pairs(rest), `social ${p}`);
  return { kind: 'social-set', merchant: m, provider: p, clientId: s.client, secretName: s.secret };
}

/** Parses a site-settings command line (`--remote` already removed); null for any other command. Throws UsageError. */
export function parseSiteSettingsCommand(args: readonly string[]): SiteSettingsCommand | null {
  const [name, merchantArg, ...rest] = args;
  const parsers: Record<string, (m: string, rest: readonly string[]) => SiteSettingsCommand> = {
    registration: parseRegistration,
    'payment-methods': (m, r) => {
      if (r.length > 0) throw new UsageError('payment-methods takes only the merchant; to change one: payment-method <merchant> <METHOD> key=value…');
      return { kind: 'payment-methods', merchant: m };
    },
    'payment-method': (m, r) => {
      if (r.length === 0) throw new UsageError('payment-method takes the method code and key=value changes');
      return parsePaymentMethod(m, r);
    },
    'withdraw-settings': parseWithdraw,
    links: (m, r) => {
      if (r.length > 0) throw new UsageError('links takes only the merchant; to change one: link <merchant> <type> <https://…|none>');
      return { kind: 'links', merchant: m };
    },
    link: parseLink,
    social: parseSocial,
    settings: (m, r) => {
      if (r.length > 0) throw new UsageError('settings takes only the merchant');
      return { kind: 'settings', merchant: m };
    },
  };
  const parser = name === undefined ? undefined : parsers[name];
  if (!parser) return null;
  return parser(valid(merchant, merchantArg, `${name} <merchant>`), rest);
}
