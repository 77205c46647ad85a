import type { Bindings } from '../../env';
import { insertMailOutbox } from '../../db/queries/password-resets';
import { outboundFetch, type OutboundFetch } from './outbound';

/** One e-mail to deliver. */
export interface MailMessage {
  merchantCode: string;
  to: string;
  subject: string;
  text: string;
}

/** Delivers e-mails. A failure is logged, never shown: the forgot-password answer must not reveal anything. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** Writes messages to the email_outbox table: local development and demos (like the SMS outbox). */
export function mailOutboxProvider(db: D1Database): MailProvider {
  return {
    name: 'outbox',
    send: (message) => insertMailOutbox(db, { merchantCode: message.merchantCode, to: message.to, subject: message.subject, body: message.text }),
  };
}

/**
 * A real mailer: JSON POST `{ to, subject, text, merchantCode }` to `url` with `Authorization: Bearer <token>`.
 * A refusal or network failure is logged (without the address or the text) and swallowed.
 */
export function httpMailProvider(url: string, token: string, fetcher: OutboundFetch): MailProvider {
  return {
    name: 'http',
    async send(message) {
      let status = 0;
      try {
        const response = await fetcher(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ to: message.to, subject: message.subject, text: message.text, merchantCode: message.merchantCode }),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        // network failure: reported below like a refusal
      }
      if (status < 200 || status > 299) console.warn('mail gateway refused a message', { merchantCode: message.merchantCode, status });
    },
  };
}

/** The configured mailer: MAIL_PROVIDER=http with MAIL_HTTP_URL and the secret MAIL_HTTP_TOKEN; else the outbox. */
export function mailProvider(env: Bindings): MailProvider {
  if (env.MAIL_PROVIDER === 'http' && env.MAIL_HTTP_URL && env.MAIL_HTTP_TOKEN) {
    return httpMailProvider(env.MAIL_HTTP_URL, env.MAIL_HTTP_TOKEN, outboundFetch(env));
  }
  if (env.MAIL_PROVIDER === 'http') console.error('MAIL_PROVIDER=http needs MAIL_HTTP_URL and MAIL_HTTP_TOKEN; using the outbox');
  return mailOutboxProvider(env.DB);
}
