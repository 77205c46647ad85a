import { isHttps, type RequestScope } from '../kit/request-scope';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Bindings } from '../../env';
import { burnCaptcha, insertCaptcha } from '../../db/queries/captchas';
import { newToken } from '../crypto/tokens';
import { constantTimeEqual } from '../crypto/password';
import { randomInt } from '../kit/random';

/**
 * Captcha challenges (accounts §2 login/registration captcha, §5 "the equation result or the
 * letters/digits seen, 1 to 16 characters"). A challenge lives 5 minutes, is bound to the browser by the
 * `pd_captcha` cookie, and is single use: the first answer, right or wrong, burns it.
 */

/** Cookie that names the browser's current challenge. */
export const CAPTCHA_COOKIE = 'pd_captcha';
/** Lifetime of a challenge (ms). */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** What the image shows and what the player must type. */
export interface Challenge {
  text: string;
  answer: string;
}

// No 0/O, 1/I/L, 5/S lookalikes: a fair challenge for people on small screens.
const LETTERS = 'ABCDEFGHJKMNPQRTUVWXYZ2346789';

function between(min: number, max: number): number {
  return min + randomInt(max - min + 1);
}

/** A fresh random challenge: half the time a small sum/difference/product, else 4–5 letters and digits. */
export function newChallenge(): Challenge {
  if (randomInt(2) === 0) {
    const kind = randomInt(3);
    if (kind === 0) {
      const a = between(1, 20);
      const b = between(1, 20);
      return { text: `${a}+${b}=?`, answer: String(a + b) };
    }
    if (kind === 1) {
      const a = between(10, 30);
      const b = between(1, a);
      return { text: `${a}-${b}=?`, answer: String(a - b) };
    }
    const a = between(2, 9);
    const b = between(2, 9);
    return { text: `${a}×${b}=?`, answer: String(a * b) };
  }
  const length = between(4, 5);
  let text = '';
  for (let i = 0; i < length; i++) text += LETTERS.charAt(randomInt(LETTERS.length));
  return { text, answer: text };
}

/** Answers compare case- and space-insensitively (players type on phone keyboards). */
export function normalizeAnswer(answer: string): string {
  return answer.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

/** What is stored instead of the answer: SHA-256 over the challenge id and the normalized answer. */
export function hashAnswer(id: string, answer: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(`${id}:${normalizeAnswer(answer)}`)));
}

/** Stores a challenge; returns its id (the cookie value) and expiry (epoch ms). */
export async function issueCaptcha(
  db: D1Database,
  challenge: Challenge,
  now = Date.now(),
): Promise<{ id: string; expiresAt: number }> {
  const id = newToken();
  const expiresAt = now + CAPTCHA_TTL_MS;
  await insertCaptcha(db, id, hashAnswer(id, challenge.answer), expiresAt, now);
  return { id, expiresAt };
}

/** True only for local development with a configured test answer (never in production). */
function testAnswerAccepted(env: Bindings, answer: string): boolean {
  const testAnswer = env.TEST_CAPTCHA_ANSWER;
  if (!testAnswer || env.APP_ENV !== 'development') return false;
  return normalizeAnswer(answer) === normalizeAnswer(testAnswer);
}

/**
 * Checks `answer` against challenge `captchaId` and burns the challenge whatever the outcome. Unknown,
 * expired or already used challenges fail. In development, `TEST_CAPTCHA_ANSWER` is accepted as well.
 */
export async function checkCaptchaAnswer(
  db: D1Database,
  env: Bindings,
  captchaId: string | null,
  answer: string,
  now = Date.now(),
): Promise<boolean> {
  const storedHash = captchaId ? await burnCaptcha(db, captchaId, now) : null;
  if (testAnswerAccepted(env, answer)) return true;
  if (!storedHash || !captchaId) return false;
  const enc = new TextEncoder();
  return constantTimeEqual(enc.encode(hashAnswer(captchaId, answer)), enc.encode(storedHash));
}

/**
 * Verifies the captcha answer of the current request against the browser's challenge (cookie
 * `pd_captcha`), then clears the cookie since the challenge is spent. Used by login and registration.
 */
export async function verifyCaptcha(req: RequestScope, answer: string): Promise<boolean> {
  const cookie = req.cookies.get(CAPTCHA_COOKIE);
  const captchaId = cookie && /^[A-Za-z0-9_-]{20,100}$/.test(cookie) ? cookie : null;
  if (captchaId) req.cookies.delete(CAPTCHA_COOKIE, { path: '/wps' });
  return checkCaptchaAnswer(req.env.DB, req.env, captchaId, answer);
}

/** Sets the challenge cookie: HttpOnly, SameSite=Strict, Path=/wps, 5 minutes, Secure on https. */
export function setCaptchaCookie(req: RequestScope, id: string): void {
  req.cookies.set(CAPTCHA_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/wps',
    maxAge: CAPTCHA_TTL_MS / 1000,
    secure: isHttps(req),
  });
}
