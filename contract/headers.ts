import type { ModuleId } from './modules';

/**
 * Request headers of the platform's clients (platform-contract.md §1.2), as one pure rule shared by the
 * browser client, the upstream adapter and the tests.
 */
export const HEADER = {
  authorization: 'Authorization',
  merchant: 'Merchant',
  language: 'Language',
  realUserAgent: 'X-Real-UA',
  moduleId: 'ModuleId',
  device: 'Device',
  encryption: 'Encryption',
  digest: 'X-Digest',
  rsa: 'X-RSA',
} as const;

/**
 * The header PlayDeck's own browser sends on every API call (src/api/client.ts) and the edge sends on its page
 * fills (worker/edge/fills/api.ts); the platform's clients never send it (platform-contract.md §1.2 lists theirs).
 * It only chooses a FORMAT, never access: calls carrying it get the customer-service paths of the status and
 * domain-route answers plain (§1.6.6, §7.4), calls without it get them DES-encrypted as the platform sends them,
 * in built-in and upstream mode alike. Anyone may send it and gets links that are public anyway, so it needs no
 * secret; a custom header (not a user agent or cookie guess) keeps the choice exact for both kinds of client. The
 * upstream adapter never forwards it to the platform.
 */
export const PLAYDECK_CLIENT_HEADER = 'X-PlayDeck-Client';
/** The value PlayDeck sends in PLAYDECK_CLIENT_HEADER (any non-empty value counts). */
export const PLAYDECK_CLIENT_VALUE = 'web';

/** Whether a request comes from PlayDeck's own browser or edge (PLAYDECK_CLIENT_HEADER present and not empty). */
export function isPlayDeckClient(headers: Headers): boolean {
  return (headers.get(PLAYDECK_CLIENT_HEADER) ?? '').trim() !== '';
}

/** `Device` values (§1.2): iOS home-screen modes report IPAD/PWA/WEBCLIP, everything else OTHERS. */
export type DeviceHeader = 'IPAD' | 'PWA' | 'WEBCLIP' | 'OTHERS';

/** What the headers are made of for one call. */
export interface HeaderInput {
  /** The bare session token, when a session exists. */
  token?: string | null | undefined;
  merchantCode?: string | null | undefined;
  /** Interface language code; sent upper case, default EN. */
  language?: string | null | undefined;
  userAgent?: string | null | undefined;
  /** The call's module id, when it has one. */
  moduleId?: ModuleId | undefined;
  /** Only for login, register and social login (§1.2). */
  device?: DeviceHeader | undefined;
}

/** Base64 of a text's UTF-8 bytes (the `X-Real-UA` encoding), in the browser and in workerd alike. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The platform headers of one call (§1.2): bare-token `Authorization` (never `Bearer …`), `Merchant`,
 * `Language` (upper case, default EN), `X-Real-UA` (base64 user agent), `ModuleId` when the call has one,
 * `Device` for the calls that send it. Missing inputs are left out.
 */
export function platformHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {};
  if (input.token) headers[HEADER.authorization] = input.token;
  if (input.merchantCode) headers[HEADER.merchant] = input.merchantCode;
  headers[HEADER.language] = (input.language || 'EN').toUpperCase();
  if (input.userAgent) headers[HEADER.realUserAgent] = base64Utf8(input.userAgent);
  if (input.moduleId) headers[HEADER.moduleId] = input.moduleId;
  if (input.device) headers[HEADER.device] = input.device;
  return headers;
}

/**
 * The session token of an `Authorization` header: the bare token as the platform's clients send it, or
 * `Bearer <token>` (accepted by the built-in API for other tools). Null for anything else.
 */
export function tokenOfAuthorization(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_.-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}
