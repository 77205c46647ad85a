import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { z } from 'zod';
import { createApp } from '../../worker/index';
import type { Envelope } from '../../worker/lib/envelope';
import type { Bindings } from '../../worker/env';

const app = createApp();

/**
 * Calls the worker app as the demo merchant's host would; returns status and parsed envelope. `env`
 * overrides bindings for this call only (e.g. TEST_CAPTCHA_ANSWER, APP_ENV).
 */
export async function call<T = unknown>(
  path: string,
  init: RequestInit & { token?: string; json?: unknown; env?: Partial<Bindings> } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', init.token);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const url = path.startsWith('http') ? path : `http://127.0.0.1${path}`;
  const { env: envOverride, token: _token, json: _json, ...requestInit } = init;
  const bindings = envOverride ? { ...env, ...envOverride } : env;
  // Work handed to waitUntil (e.g. the SMS send after the answer) finishes before the caller looks at the data.
  const ctx = createExecutionContext();
  const response = await app.request(url, { ...requestInit, headers, body }, bindings, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: JSON.parse(text) as Envelope<T>, headers: response.headers };
}

/**
 * Checks an answer value against its call's schema (`schema.parse` throws when it does not fit) and returns the
 * value as sent: money stays the wire decimal in currency units (parsing would decode it to minor units,
 * contract/money.ts `money()`), so expectations read the bytes the client gets.
 */
export function parseWire<S extends z.ZodType>(schema: S, value: unknown): z.input<S> {
  schema.parse(value);
  return value as z.input<S>;
}
