import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import { insertOutboxMessage } from '../../db/queries/sms';
import { maskPhone } from '../accounts/phone';
import { assertChannelConfigured, messageProvider, type MessageChannel, type MessageProvider } from './message-provider';

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
export type SmsProvider = MessageProvider<SmsMessage>;

/**
 * The SMS channel of the message seam (services/kit/message-provider.ts): the outbox is the sms_outbox table
 * (`npm run sms:outbox` prints it); the gateway gets `{ to, text, merchantCode }` with `to` in E.164; a refusal
 * is logged with the masked number, never the text, and answered 502 `sms_failed` (the player must know the code
 * did not go out); SMS_PROVIDER=http without SMS_HTTP_URL or the secret SMS_HTTP_TOKEN answers 404
 * `provider_not_configured` (a configuration answer, never a 5xx: issue 10, finding 4).
 */
export const SMS_CHANNEL: MessageChannel<SmsMessage> = {
  prefix: 'SMS',
  gateway: 'sms gateway',
  outbox: (db, message) =>
    insertOutboxMessage(db, {
      merchantCode: message.merchantCode,
      countryDialingCode: message.countryDialingCode,
      mobileNum: message.mobileNum,
      body: message.text,
    }),
  body: (message) => ({ to: message.e164, text: message.text, merchantCode: message.merchantCode }),
  logFields: (message) => ({ to: maskPhone(message.e164) }),
  refused() {
    throw new ApiError(502, 'sms_failed', 'The SMS could not be sent; try again later');
  },
  refuseUnconfigured() {
    throw new ApiError(404, 'provider_not_configured', 'Text messages are not set up on this site');
  },
};

/**
 * Refuses before any work when text messages cannot go out: SMS_PROVIDER=http without SMS_HTTP_URL or the secret
 * SMS_HTTP_TOKEN → 404 `provider_not_configured`, logged as a configuration error. Callers check this before
 * storing a code or counting a send.
 */
export function assertSmsConfigured(env: Bindings): void {
  assertChannelConfigured(SMS_CHANNEL, env);
}

/**
 * The configured provider: SMS_PROVIDER=http with SMS_HTTP_URL and the secret SMS_HTTP_TOKEN is the HTTP gateway
 * (missing either → 404 `provider_not_configured`, see assertSmsConfigured); anything else is the outbox.
 */
export function smsProvider(env: Bindings): SmsProvider {
  return messageProvider(SMS_CHANNEL, env);
}
