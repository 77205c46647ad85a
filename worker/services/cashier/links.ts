import {
  linkStatement, listPaymentMethodSettings, listSocialProviderSettings, listStoredLinks, listSwitchesOn, socialProviderStatement,
  type PaymentMethodSetting, type SocialProviderSetting, type StoredLink,
} from '../../db/queries/operator-settings';
import {
  CLIENT_ID_PATTERNS, LINK_KINDS, linkKind, linkUrlProblem, SECRET_NAME, SOCIAL_LOGIN_ENDPOINTS, SOCIAL_LOGIN_SWITCHES, socialLoginAdvice,
  socialLoginState, type LinkKind, type SocialLoginName, type SocialLoginState,
} from '../../model/site-settings';
import { SettingsRefusal, settingsAudit, type SettingsActor } from './settings';

/**
 * A site's links (customer service, Telegram, social pages, app downloads) and social log-in clients (Google,
 * Facebook: the client id and the NAME of the worker secret holding the client secret, never a secret's value),
 * and what of the sign-up and payment settings needs attention (docs/site-settings.md; docs/back-office.md
 * "Sign-up and payments"). One service for the operator command (scripts/site-settings.ts) and the back office
 * (worker/console/cashier.ts); each change and its audit row are one `db.batch`.
 */

/** A link kind with its stored state: `url` '' when cleared or never set; `stored` false when never set. */
export interface LinkState {
  kind: LinkKind;
  url: string;
  label: string;
  stored: boolean;
  /** An example.com address left from the demo seed. */
  placeholder: boolean;
}

const PLACEHOLDER = /^https?:\/\/(www\.)?example\.(com|org|net)([/:?#]|$)/i;

/** Every link kind in LINK_KINDS order with what the site stores for it. */
export async function linkStates(db: D1Database, code: string): Promise<LinkState[]> {
  const stored = await listStoredLinks(db, code);
  return LINK_KINDS.map((kind) => {
    const link = stored.find((l) => l.table === kind.table && l.type.toUpperCase() === kind.type.toUpperCase());
    return { kind, url: link?.url ?? '', label: link?.label || kind.label, stored: link !== undefined, placeholder: link !== undefined && PLACEHOLDER.test(link.url) };
  });
}

/**
 * Sets a link's address (`url`, https; IOS also itms-services) and, for a resource, its English label, or clears it
 * (`url` null: stored as '' so no page shows it and a re-seed does not bring a placeholder back). Refusals: 404
 * `link_type_unknown`, 400 `link_invalid` (with why), 400 `link_label_not_allowed` (a label on a customer-service
 * link, or with no address). One batch with the audit row `settings.link`. Answers the link before (null: never
 * set) and after.
 */
export async function changeLink(db: D1Database, code: string, type: string, url: string | null, label: string | null, actor: SettingsActor): Promise<{ before: StoredLink | null; after: StoredLink }> {
  const kind = linkKind(type);
  if (!kind) throw new SettingsRefusal('link_type_unknown', `link type expected (${LINK_KINDS.map((k) => k.type).join(', ')}), got ${JSON.stringify(type)}`, 404);
  if (label !== null && (kind.table === 'customer_service' || url === null)) {
    throw new SettingsRefusal('link_label_not_allowed', kind.table === 'customer_service' ? `label= is for resource links; ${kind.type} has none` : 'label= goes with an address, not with none');
  }
  const problem = url === null ? null : linkUrlProblem(kind, url.trim());
  if (problem) throw new SettingsRefusal('link_invalid', `link ${kind.type} ${JSON.stringify(url)}: ${problem}`);
  const stored = (await listStoredLinks(db, code)).find((l) => l.table === kind.table && l.type.toUpperCase() === kind.type.toUpperCase()) ?? null;
  const after: StoredLink = {
    table: kind.table, type: stored?.type ?? kind.type, url: url?.trim() ?? '',
    label: label ?? (stored?.label || kind.label), sortOrder: stored?.sortOrder ?? (LINK_KINDS.indexOf(kind) + 1) * 10,
  };
  await db.batch([linkStatement(db, code, after), settingsAudit(db, code, actor, 'settings.link', `link:${kind.type}`, stored, after)]);
  return { before: stored, after };
}

/** One provider's social log-in: its switch, stored row (null: none) and whether it can work. */
export interface SocialState {
  provider: SocialLoginName;
  switchId: string;
  switchOn: boolean;
  row: SocialProviderSetting | null;
  state: SocialLoginState;
  /** Whether the named worker secret is set; null when the secrets could not be listed or no name is stored. */
  secretSet: boolean | null;
  /** Why the login page shows no button although the switch is on, or null. `<merchant>` stands for the site. */
  problem: string | null;
}

/**
 * Google's and Facebook's state on the site. `secrets`: the names of the worker secrets that are set, or null when
 * they cannot be listed (then a stored secret name counts as set).
 */
export async function socialStates(db: D1Database, code: string, secrets: Set<string> | null): Promise<SocialState[]> {
  const [rows, on] = await Promise.all([listSocialProviderSettings(db, code), listSwitchesOn(db, code)]);
  return (Object.keys(SOCIAL_LOGIN_SWITCHES) as SocialLoginName[]).map((provider) => {
    const row = rows.find((r) => r.provider === provider) ?? null;
    const switchId = SOCIAL_LOGIN_SWITCHES[provider];
    const secretName = row?.clientSecretEnv ?? '';
    const secretSet = secrets === null || secretName === '' ? null : secrets.has(secretName);
    const state = socialLoginState(provider, row, secrets === null || secretSet === true);
    const switchOn = on.includes(switchId);
    const problem = switchOn && state !== 'ready'
      ? `${switchId} is on but ${provider} login is not usable, so the login page shows no ${provider} button: ${socialLoginAdvice(provider, state, secretName)}`
      : null;
    return { provider, switchId, switchOn, row, state, secretSet, problem };
  });
}

/**
 * Sets a provider's client id and secret name (`client`), keeping endpoints an operator changed and filling missing
 * ones with the provider's public defaults, or removes the client id (`client` null). Refusals: 404
 * `social_provider_unknown`, 400 `social_client_invalid` (not that provider's client id format), 400
 * `secret_name_invalid` (not an upper-case worker secret name). Removing what was never configured changes
 * nothing (`changed` false, no audit row). One batch with the audit row `settings.social_login`.
 */
export async function changeSocialLogin(db: D1Database, code: string, providerName: string, client: { clientId: string; secretName: string } | null, actor: SettingsActor): Promise<{ changed: boolean; before: SocialProviderSetting | null; after: SocialProviderSetting | null }> {
  if (!Object.hasOwn(SOCIAL_LOGIN_SWITCHES, providerName)) throw new SettingsRefusal('social_provider_unknown', `google or facebook expected, got ${JSON.stringify(providerName)}`, 404);
  const provider = providerName as SocialLoginName;
  if (client) {
    const { pattern, example } = CLIENT_ID_PATTERNS[provider];
    if (!pattern.test(client.clientId)) throw new SettingsRefusal('social_client_invalid', `a ${provider} client id expected, e.g. ${example}`);
    if (!SECRET_NAME.test(client.secretName)) throw new SettingsRefusal('secret_name_invalid', 'a worker secret name expected: upper-case letters, digits and _, e.g. PSP_SECRET');
  }
  const stored = (await listSocialProviderSettings(db, code)).find((r) => r.provider === provider) ?? null;
  if (!stored && client === null) return { changed: false, before: null, after: null };
  const e = SOCIAL_LOGIN_ENDPOINTS[provider];
  const merged: SocialProviderSetting = {
    provider, clientId: '', clientSecretEnv: '', authorizeUrl: e.authorizeUrl, tokenUrl: e.tokenUrl, userinfoUrl: e.userinfoUrl, issuer: e.issuer, jwksUrl: e.jwksUrl, scopes: e.scopes,
  };
  // A row keeps endpoints an operator changed; missing ones get the provider's public defaults.
  for (const [key, value] of Object.entries(stored ?? {}) as [keyof SocialProviderSetting, string][]) if (value) (merged as unknown as Record<string, string>)[key] = value;
  const after = client === null ? { ...merged, clientId: '' } : { ...merged, clientId: client.clientId, clientSecretEnv: client.secretName };
  await db.batch([socialProviderStatement(db, code, after), settingsAudit(db, code, actor, 'settings.social_login', `social:${provider}`, stored, after)]);
  return { changed: true, before: stored, after };
}

/** Something of the settings that needs attention: a stable code, the subject, and the sentence (with the fix). */
export interface SettingsProblem {
  code: 'social_login_unusable' | 'payment_secret_missing' | 'no_payment_method' | 'placeholder_links';
  subject: string;
  message: string;
}

/**
 * What needs attention on a site, in this order: a social log-in switched on but unusable, an enabled HTTP payment
 * method whose worker secret is not set (its deposits answer payment_unavailable), no enabled payment method
 * (players cannot deposit), placeholder (example.com) links. `secrets` as for socialStates (null: not checked).
 * Messages name the operator commands with the site's code.
 */
export function settingsProblems(code: string, social: readonly SocialState[], methods: readonly PaymentMethodSetting[], links: readonly LinkState[], secrets: Set<string> | null): SettingsProblem[] {
  const unsigned = methods.filter((m) => m.enabled && m.provider === 'http' && secrets !== null && !secrets.has(m.secretName));
  const placeholders = links.filter((l) => l.placeholder).map((l) => l.kind.type);
  const problems: SettingsProblem[] = [
    ...social.flatMap((s) => (s.problem ? [{ code: 'social_login_unusable' as const, subject: s.provider, message: s.problem }] : [])),
    ...unsigned.map((m) => ({
      code: 'payment_secret_missing' as const, subject: m.methodCode,
      message: `payment method ${m.methodCode} uses the HTTP provider but the worker secret ${m.secretName || '(unnamed)'} is not set: npx wrangler secret put ${m.secretName || '<SECRET_NAME>'}`,
    })),
    ...(methods.some((m) => m.enabled) ? [] : [{ code: 'no_payment_method' as const, subject: 'payment methods', message: 'no payment method is on: players cannot deposit (payment-method <merchant> <METHOD> …)' }]),
    ...(placeholders.length > 0 ? [{ code: 'placeholder_links' as const, subject: placeholders.join(', '), message: `placeholder links (example.com): ${placeholders.join(', ')} (link <merchant> <type> https://…|none)` }] : []),
  ];
  return problems.map((p) => ({ ...p, message: p.message.replaceAll('<merchant>', code) }));
}

/** The site's payment methods, social states, links and problems together (the `settings` overview). */
export async function settingsOverview(db: D1Database, code: string, secrets: Set<string> | null) {
  const [methods, social, links] = await Promise.all([listPaymentMethodSettings(db, code), socialStates(db, code, secrets), linkStates(db, code)]);
  return { methods, social, links, problems: settingsProblems(code, social, methods, links, secrets) };
}
