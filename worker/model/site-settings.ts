/**
 * Rules of the site settings an operator changes by command (docs/site-settings.md): which links a site has and
 * which addresses they may hold, and when a social-login provider is usable. Pure and import-free, so the worker
 * (services/accounts/social-login.ts) and the operator script (scripts/site-settings.ts, under Node's type
 * stripping) apply the same rules.
 */

/** Where a link is stored: a customer-service entry (table customer_service) or a resource (merchant_resources). */
export type LinkTable = 'customer_service' | 'merchant_resources';

/** One kind of link a site can have. `type` is the stored csType / resourceType spelling the pages look for. */
export interface LinkKind {
  type: string;
  table: LinkTable;
  /** The English label stored with a resource (labelNameEn); '' for customer-service entries. */
  label: string;
  /** What the link is for, as the operator's usage text says it. */
  purpose: string;
  /** Whether an `itms-services://` address (an iOS app installed over the air, rules/download.ts) is allowed. */
  itmsServices: boolean;
}

/**
 * Every link the player's pages read (player-shell §3 "Download link" and "Customer-service entry"; accounts §2
 * Message centre, where "Affiliate service" opens the CS link and "Telegram" the TELEGRAM resource), in the order
 * the operator's list shows them.
 */
export const LINK_KINDS: readonly LinkKind[] = [
  { type: 'CS', table: 'customer_service', label: '', purpose: 'customer service (also the message centre\'s affiliate service and the floating button)', itmsServices: false },
  { type: 'WHATSAPP', table: 'customer_service', label: '', purpose: 'WhatsApp customer service', itmsServices: false },
  { type: 'LIVECHAT', table: 'customer_service', label: '', purpose: 'live chat page of another provider (used while the built-in chat, CBS3, is off)', itmsServices: false },
  { type: 'TELEGRAM', table: 'merchant_resources', label: 'Telegram', purpose: 'Telegram (message centre, footer, login page)', itmsServices: false },
  { type: 'FACEBOOK', table: 'merchant_resources', label: 'Facebook', purpose: 'Facebook page (footer, login page)', itmsServices: false },
  { type: 'INSTAGRAM', table: 'merchant_resources', label: 'Instagram', purpose: 'Instagram (footer, login page)', itmsServices: false },
  { type: 'YOUTUBE', table: 'merchant_resources', label: 'YouTube', purpose: 'YouTube channel (footer, login page)', itmsServices: false },
  { type: 'DISCORD', table: 'merchant_resources', label: 'Discord', purpose: 'Discord server (footer, login page)', itmsServices: false },
  { type: 'LINKEDIN', table: 'merchant_resources', label: 'LinkedIn', purpose: 'LinkedIn page (footer, login page)', itmsServices: false },
  { type: 'Android', table: 'merchant_resources', label: 'Android', purpose: 'Android app download (.apk or store page)', itmsServices: false },
  { type: 'IOS', table: 'merchant_resources', label: 'iOS', purpose: 'iOS app download (App Store page or itms-services://)', itmsServices: true },
  { type: 'MOBILECONFIG', table: 'merchant_resources', label: 'iOS profile', purpose: 'iOS web-clip profile (.mobileconfig), used when there is no iOS link', itmsServices: false },
  { type: 'AppDownloadIcon', table: 'merchant_resources', label: 'App icon', purpose: 'app icon image; its presence shows the header download icon', itmsServices: false },
];

/** The link kind named `name` (any case), or undefined. */
export function linkKind(name: string): LinkKind | undefined {
  return LINK_KINDS.find((k) => k.type.toUpperCase() === name.toUpperCase());
}

/** Longest link address accepted (characters). */
export const LINK_MAX = 500;

/**
 * Why `url` cannot be the address of a `kind` link, or null when it can: an absolute `https://` URL with a host
 * and no user name or password, at most LINK_MAX characters, no white space or quotes; for IOS also
 * `itms-services://?action=download-manifest&url=https://…` (how an iOS app installs over the air). Plain
 * `http://`, `javascript:`, `data:` and relative addresses are refused: a player's phone opens them as they are.
 */
export function linkUrlProblem(kind: LinkKind, url: string): string | null {
  if (url.length > LINK_MAX) return `at most ${LINK_MAX} characters`;
  if (/[\s"'<>\\]/.test(url)) return 'no spaces, quotes, < > or \\ in a link';
  if (kind.itmsServices && /^itms-services:\/\//i.test(url)) {
    const manifest = /[?&]url=([^&]+)/.exec(url)?.[1];
    return manifest && /^https(:|%3A)/i.test(manifest) ? null : 'an itms-services:// link needs url=https://… (the app manifest)';
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'an absolute address starting with https:// expected';
  }
  if (parsed.protocol !== 'https:') return `https:// expected, not ${parsed.protocol}//`;
  if (parsed.hostname === '' || !parsed.hostname.includes('.')) return 'a host name such as t.me or example.com expected';
  if (parsed.username !== '' || parsed.password !== '') return 'no user name or password in a link';
  return null;
}

/** Social-login providers the operator configures, with the site switch each needs (accounts §2, §3). */
export const SOCIAL_LOGIN_SWITCHES = { google: 'GOOGLELOGIN3', facebook: 'FACEBOOKLOGIN3' } as const;

/** A social-login provider name. */
export type SocialLoginName = keyof typeof SOCIAL_LOGIN_SWITCHES;

/**
 * The providers' public endpoints, written when an operator configures a provider on a site that has no row yet
 * (the demo seed writes the same; worker/db/seed/accounts.ts).
 */
export const SOCIAL_LOGIN_ENDPOINTS: Record<SocialLoginName, { authorizeUrl: string; tokenUrl: string; userinfoUrl: string; issuer: string; jwksUrl: string; scopes: string }> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token', userinfoUrl: '',
    issuer: 'https://accounts.google.com', jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs', scopes: 'openid email profile',
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth', tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email', issuer: '', jwksUrl: '', scopes: 'public_profile email',
  },
};

/** A worker secret's name as the worker reads it (services/accounts/oauth-providers.ts clientSecret). */
export const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/** What a provider's client id looks like: Google's OAuth client ids and Facebook's numeric app ids. */
export const CLIENT_ID_PATTERNS: Record<SocialLoginName, { pattern: RegExp; example: string }> = {
  google: { pattern: /^[0-9]{6,30}-[a-z0-9]{10,64}\.apps\.googleusercontent\.com$/, example: '123456789012-abcdefghij0123456789.apps.googleusercontent.com' },
  facebook: { pattern: /^[0-9]{6,20}$/, example: '1234567890123456' },
};

/** The stored configuration of a provider, as far as its usability goes. */
export interface SocialLoginConfig {
  clientId: string;
  clientSecretEnv: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  issuer: string;
  jwksUrl: string;
}

/** Why a provider cannot be used, or 'ready'. */
export type SocialLoginState = 'ready' | 'not_configured' | 'client_id_missing' | 'endpoints_missing' | 'secret_name_missing' | 'secret_missing';

/**
 * Whether a provider is usable: a row (`config`, null when the site has none) with a client id, the provider's
 * endpoints (Google: authorize, token, issuer and JWKS; Facebook: authorize, token and userinfo), the name of the
 * worker secret, and that secret set (`secretSet`). The first thing missing is the answer.
 */
export function socialLoginState(provider: SocialLoginName, config: SocialLoginConfig | null, secretSet: boolean): SocialLoginState {
  if (!config) return 'not_configured';
  if (config.clientId === '') return 'client_id_missing';
  const endpoints = config.authorizeUrl && config.tokenUrl && (provider === 'google' ? config.jwksUrl && config.issuer : config.userinfoUrl);
  if (!endpoints) return 'endpoints_missing';
  if (!SECRET_NAME.test(config.clientSecretEnv)) return 'secret_name_missing';
  return secretSet ? 'ready' : 'secret_missing';
}

/** One sentence on a state that is not 'ready', naming what to do (the operator's commands, docs/site-settings.md). */
export function socialLoginAdvice(provider: SocialLoginName, state: SocialLoginState, secretName: string): string {
  const set = `npm run operator -- social <merchant> ${provider} client=<client id> secret=<SECRET_NAME>`;
  switch (state) {
    case 'ready':
      return 'ready';
    case 'not_configured':
    case 'client_id_missing':
      return `no client id is configured; set it with: ${set}`;
    case 'endpoints_missing':
      return `the provider's endpoints are missing; set the client again with: ${set}`;
    case 'secret_name_missing':
      return `no secret name is configured; set it with: ${set}`;
    case 'secret_missing':
      return `the worker secret ${secretName} is not set; set it with: npx wrangler secret put ${secretName} (locally: a line ${secretName}=… in .dev.vars)`;
  }
}
