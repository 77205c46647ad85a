import type { Bindings } from '../../env';
import { outboundFetch, type OutboundFetch } from './outbound';

/**
 * The one seam for messages the site sends to a person (text messages, e-mails: docs/configuration.md): each
 * channel is either the outbox (a D1 table, local development and demos) or an HTTP gateway configured by three
 * bindings, `<P>_PROVIDER=http`, `<P>_HTTP_URL` and the secret `<P>_HTTP_TOKEN`, that takes a JSON POST with
 * `Authorization: Bearer <token>`. A channel ({@link MessageChannel}) says only what differs: its outbox row, its
 * JSON body, what its log may show and what a refusal or a missing setting means for the caller
 * (services/kit/sms-provider.ts, services/kit/mail-provider.ts).
 */

/** Delivers one kind of message. */
export interface MessageProvider<M> {
  /** 'outbox' or 'http'. */
  readonly name: string;
  send(message: M): Promise<void>;
}

/** What one channel of messages (SMS, mail) brings to the seam. */
export interface MessageChannel<M> {
  /** Binding prefix: `<prefix>_PROVIDER`, `<prefix>_HTTP_URL`, `<prefix>_HTTP_TOKEN`. */
  readonly prefix: 'SMS' | 'MAIL';
  /** Kind of gateway named in the logs, e.g. 'sms gateway'. */
  readonly gateway: string;
  /** Writes the message to the channel's outbox table. */
  outbox(db: D1Database, message: M): Promise<void>;
  /** The JSON body the HTTP gateway receives. */
  body(message: M): Record<string, string>;
  /** What the log of a refused message names (a masked address or the merchant, never the text). */
  logFields(message: M): Record<string, string>;
  /** After the refusal is logged: throws the caller's error, or returns to swallow it (the log is all). */
  refused(): void;
  /**
   * `<prefix>_PROVIDER=http` with the URL or the token missing: a channel with this throws it (after the log),
   * one without it logs and falls back to the outbox.
   */
  refuseUnconfigured?: () => never;
}

/** The three bindings of a channel, read from the environment. */
function settingsOf(env: Bindings, prefix: MessageChannel<unknown>['prefix']): { http: boolean; url: string; token: string } {
  const provider = prefix === 'SMS' ? env.SMS_PROVIDER : env.MAIL_PROVIDER;
  const url = prefix === 'SMS' ? env.SMS_HTTP_URL : env.MAIL_HTTP_URL;
  const token = prefix === 'SMS' ? env.SMS_HTTP_TOKEN : env.MAIL_HTTP_TOKEN;
  return { http: provider === 'http', url: url ?? '', token: token ?? '' };
}

/** The configuration error's log line: which bindings `<prefix>_PROVIDER=http` needs. */
function needsLine(prefix: string): string {
  return `${prefix}_PROVIDER=http needs ${prefix}_HTTP_URL and ${prefix}_HTTP_TOKEN`;
}

/**
 * Refuses before any work when the channel's messages cannot go out: `<prefix>_PROVIDER=http` without the URL or
 * the token, on a channel that refuses then ({@link MessageChannel.refuseUnconfigured}), logs a configuration error
 * and throws the channel's error. Otherwise (configured, the outbox, or a channel that falls back) returns.
 */
export function assertChannelConfigured<M>(channel: MessageChannel<M>, env: Bindings): void {
  const settings = settingsOf(env, channel.prefix);
  if (!settings.http || (settings.url && settings.token) || !channel.refuseUnconfigured) return;
  console.error(needsLine(channel.prefix));
  channel.refuseUnconfigured();
}

/** The channel's outbox: every message becomes a row of its table. */
export function outboxMessageProvider<M>(channel: MessageChannel<M>, db: D1Database): MessageProvider<M> {
  return { name: 'outbox', send: (message) => channel.outbox(db, message) };
}

/**
 * The channel's HTTP gateway: JSON POST of `channel.body(message)` to `url` with `Authorization: Bearer <token>`.
 * Any non-2xx answer or network failure is logged as `<gateway> refused a message` with `channel.logFields` and
 * the status (0 for a network failure), then `channel.refused()` decides: throw or swallow.
 */
export function httpMessageProvider<M>(channel: MessageChannel<M>, url: string, token: string, fetcher: OutboundFetch): MessageProvider<M> {
  return {
    name: 'http',
    async send(message) {
      let status = 0;
      try {
        const response = await fetcher(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(channel.body(message)),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        // Network failure: status stays 0 and is reported like a refusal.
      }
      if (status < 200 || status > 299) {
        console.warn(`${channel.gateway} refused a message`, { ...channel.logFields(message), status });
        channel.refused();
      }
    },
  };
}

/**
 * The configured provider of a channel: `<prefix>_PROVIDER=http` with the URL and the token is the HTTP gateway
 * (through the OUTBOUND binding when bound, services/kit/outbound.ts); http with either missing is refused
 * ({@link assertChannelConfigured}) or logged and served by the outbox, as the channel says; anything else is the
 * outbox.
 */
export function messageProvider<M>(channel: MessageChannel<M>, env: Bindings): MessageProvider<M> {
  const settings = settingsOf(env, channel.prefix);
  if (settings.http) {
    if (settings.url && settings.token) return httpMessageProvider(channel, settings.url, settings.token, outboundFetch(env));
    assertChannelConfigured(channel, env);
    console.error(`${needsLine(channel.prefix)}; using the outbox`);
  }
  return outboxMessageProvider(channel, env.DB);
}
