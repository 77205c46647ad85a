import type { Bindings } from '../../env';
import { insertMailOutbox } from '../../db/queries/password-resets';
import { messageProvider, type MessageChannel, type MessageProvider } from './message-provider';

/** One e-mail to deliver. */
export interface MailMessage {
  merchantCode: string;
  to: string;
  subject: string;
  text: string;
}

/** Delivers e-mails. A failure is logged, never shown: the forgot-password answer must not reveal anything. */
export type MailProvider = MessageProvider<MailMessage>;

/**
 * The mail channel of the message seam (services/kit/message-provider.ts): the outbox is the email_outbox table
 * (like the SMS outbox); the mailer gets `{ to, subject, text, merchantCode }`; a refusal is logged with the
 * merchant only (not the address, not the text) and swallowed; MAIL_PROVIDER=http without MAIL_HTTP_URL or the
 * secret MAIL_HTTP_TOKEN is logged and served by the outbox.
 */
export const MAIL_CHANNEL: MessageChannel<MailMessage> = {
  prefix: 'MAIL',
  gateway: 'mail gateway',
  outbox: (db, message) =>
    insertMailOutbox(db, { merchantCode: message.merchantCode, to: message.to, subject: message.subject, body: message.text }),
  body: (message) => ({ to: message.to, subject: message.subject, text: message.text, merchantCode: message.merchantCode }),
  logFields: (message) => ({ merchantCode: message.merchantCode }),
  refused() {
    // Swallowed: the forgot-password answer is the same whether or not the e-mail went out.
  },
};

/** The configured mailer: MAIL_PROVIDER=http with MAIL_HTTP_URL and the secret MAIL_HTTP_TOKEN; else the outbox. */
export function mailProvider(env: Bindings): MailProvider {
  return messageProvider(MAIL_CHANNEL, env);
}
