import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import { insertOutboxMessage } from '../../db/queries/sms';
import { outboundFetch, type OutboundFetch } from './outbound';
import { maskPhone } from '../accounts/phone';

/** One text message to deliver. */
export interface SmsMessage {
  merchantCode: string;
  /** Dialling code digits and the number as typed, kept for the outbox. */
  countryDialingCode: string;
  mobileNum: string;
  /** '+' dialling code and national number. */
  e164: string;
  text: string;
}

/** Delivers text messages; throws ApiError 502 `sms_failed` when the message could not be handed over. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Writes messages to the sms_outbox table (`npm run sms:outbox` prints them): local development and demos. */
export function outboxProvider(db: D1Database): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, {
        merchantCode: message.merchantCode,
        countryDialingCode: message.countryDialingCode,
        mobileNum: message.mobileNum,
        body: message.text,
      });
    },
  };
}

/**
 * A real gateway: JSON POST `{ to, text, merchantCode }` to `url` with `Authorization: Bearer <token>`.
 * Any non-2xx answer or network failure → 502 `sms_failed`; the log names the masked number, never the text.
 */
export function httpProvider(url: string, token: string, fetcher: OutboundFetch): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      let status = 0;
      try {
        const response = await fetcher(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ to: message.e164, text: message.text, merchantCode: message.merchantCode }),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        // Network failure: status stays 0 and is reported like a refusal.
      }
      if (status < 200 || status > 299) {
        console.warn('sms gateway refused a message', { to: maskPhone(message.e164), status });
        throw new ApiError(502, 'sms_failed', 'The SMS could not be sent; try again later');
      }
    },
  };
}

/**
 * Refuses before any work when text messages cannot go out: SMS_PROVIDER=http without SMS_HTTP_URL or the secret
 * SMS_HTTP_TOKEN → 404 `provider_not_configured` (a configuration answer, never a 5xx: issue 10, finding 4),
 * logged as a configuration error. Callers check this before storing a code or counting a send.
 */
export function assertSmsConfigured(env: Bindings): void {
  if (env.SMS_PROVIDER === 'http' && (!env.SMS_HTTP_URL || !env.SMS_HTTP_TOKEN)) {
    console.error('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN');
    throw new ApiError(404, 'provider_not_configured', 'Text messages are not set up on this site');
  }
}

/**
 * The configured provider: SMS_PROVIDER=http with SMS_HTTP_URL and the secret SMS_HTTP_TOKEN is the HTTP gateway
 * (missing either → 404 `provider_not_configured`, see assertSmsConfigured); anything else is the outbox.
 */
export function smsProvider(env: Bindings): SmsProvider {
  if (env.SMS_PROVIDER === 'http') {
    assertSmsConfigured(env);
    return httpProvider(env.SMS_HTTP_URL ?? '', env.SMS_HTTP_TOKEN ?? '', outboundFetch(env));
  }
  return outboxProvider(env.DB);
}
