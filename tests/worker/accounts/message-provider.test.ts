import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bindings } from '../../../worker/env';
import { ApiError } from '../../../worker/lib/envelope';
import { httpMessageProvider } from '../../../worker/services/kit/message-provider';
import { MAIL_CHANNEL, mailProvider, type MailMessage } from '../../../worker/services/kit/mail-provider';
import { SMS_CHANNEL, assertSmsConfigured, smsProvider, type SmsMessage } from '../../../worker/services/kit/sms-provider';

// docs/configuration.md (SMS_PROVIDER, MAIL_PROVIDER): one seam carries both channels; each keeps its own
// body, log and errors.

const sms: SmsMessage = { merchantCode: 'DEMO', countryDialingCode: '63', mobileNum: '09171234567', e164: '+639171234567', text: 'code 123456' };
const mail: MailMessage = { merchantCode: 'DEMO', to: 'ana@example.com', subject: 'Reset', text: 'secret link' };

/** A gateway stand-in answering `status` (or failing like a network when null) and keeping the requests. */
function gateway(status: number | null) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    return status === null ? Promise.reject(new TypeError('network')) : Promise.resolve(new Response('{}', { status }));
  };
  return { requests, fetcher };
}

/** The bindings with some settings changed. */
const withEnv = (changes: Partial<Bindings>): Bindings => ({ ...(env as Bindings), ...changes });

afterEach(() => vi.restoreAllMocks());

describe('the HTTP gateway of both channels', () => {
  it.each([
    ['SMS', SMS_CHANNEL, sms, { to: '+639171234567', text: 'code 123456', merchantCode: 'DEMO' }],
    ['mail', MAIL_CHANNEL, mail, { to: 'ana@example.com', subject: 'Reset', text: 'secret link', merchantCode: 'DEMO' }],
  ] as const)('%s: JSON POST to the URL with the bearer token', async (_name, channel, message, body) => {
    const { requests, fetcher } = gateway(202);
    // The channels' message types differ; each row pairs a channel with its own message.
    await httpMessageProvider(channel as typeof SMS_CHANNEL, 'https://gw.test/send', 'tok', fetcher).send(message as SmsMessage);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('https://gw.test/send');
    expect(requests[0]!.init?.method).toBe('POST');
    expect(requests[0]!.init?.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
    expect(JSON.parse(String(requests[0]!.init?.body))).toEqual(body);
  });

  it.each([[500], [null]])('SMS: a refusal (status %s) is 502 sms_failed, logged with the masked number only', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = httpMessageProvider(SMS_CHANNEL, 'https://gw.test/send', 'tok', gateway(status).fetcher).send(sms);
    await expect(send).rejects.toMatchObject({ status: 502, errorCode: 'sms_failed' });
    await send.catch((error: unknown) => expect(error).toBeInstanceOf(ApiError));
    expect(warn).toHaveBeenCalledWith('sms gateway refused a message', { to: expect.not.stringContaining('1234567') as unknown, status: status ?? 0 });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('123456');
  });

  it.each([[500], [null]])('mail: a refusal (status %s) is swallowed, logged with the merchant only', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await httpMessageProvider(MAIL_CHANNEL, 'https://gw.test/send', 'tok', gateway(status).fetcher).send(mail);
    expect(warn).toHaveBeenCalledWith('mail gateway refused a message', { merchantCode: 'DEMO', status: status ?? 0 });
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/ana@|secret/);
  });
});

describe('choosing a channel provider from the bindings', () => {
  it('is the outbox by default, for both', () => {
    expect(smsProvider(withEnv({ SMS_PROVIDER: 'outbox' })).name).toBe('outbox');
    expect(mailProvider(withEnv({ MAIL_PROVIDER: undefined })).name).toBe('outbox');
  });

  it('is the gateway when http has its URL and token, for both', () => {
    expect(smsProvider(withEnv({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://gw.test', SMS_HTTP_TOKEN: 't' })).name).toBe('http');
    expect(mailProvider(withEnv({ MAIL_PROVIDER: 'http', MAIL_HTTP_URL: 'https://gw.test', MAIL_HTTP_TOKEN: 't' })).name).toBe('http');
  });

  it.each([
    { SMS_PROVIDER: 'http', SMS_HTTP_URL: '', SMS_HTTP_TOKEN: 't' },
    { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://gw.test', SMS_HTTP_TOKEN: undefined },
  ])('SMS: http without a setting is 404 provider_not_configured, before any work (%o)', (changes) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => assertSmsConfigured(withEnv(changes))).toThrow(expect.objectContaining({ status: 404, errorCode: 'provider_not_configured' }) as Error);
    expect(() => smsProvider(withEnv(changes))).toThrow(expect.objectContaining({ errorCode: 'provider_not_configured' }) as Error);
    expect(error).toHaveBeenCalledWith('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN');
  });

  it('mail: http without a setting is logged and served by the outbox', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(mailProvider(withEnv({ MAIL_PROVIDER: 'http', MAIL_HTTP_URL: 'https://gw.test' })).name).toBe('outbox');
    expect(error).toHaveBeenCalledWith('MAIL_PROVIDER=http needs MAIL_HTTP_URL and MAIL_HTTP_TOKEN; using the outbox');
  });
});
