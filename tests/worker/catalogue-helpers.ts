import { expect } from 'vitest';
import type { CallDef, ValueOf } from '../../contract/call';
import { envelopeSchema } from '../../contract/envelope';
import { call } from './helpers';

/** Options of a catalogue call in the worker tests: a token, another site's host, a method and a JSON body. */
export interface CatalogueCallInit {
  token?: string | undefined;
  host?: string;
  json?: unknown;
  method?: string;
}

/**
 * Calls one catalogue contract call (its method and path, `query` as a query string) and, on 200, checks the
 * answer against `envelopeSchema(def.value)`: every happy path validates against the contract.
 */
export async function callDef<C extends CallDef>(def: C, query = '', init: CatalogueCallInit = {}) {
  const url = `http://${init.host ?? '127.0.0.1'}${def.path}${query ? `?${query}` : ''}`;
  const result = await call<ValueOf<C>>(url, {
    method: init.method ?? def.method,
    ...(init.token ? { token: init.token } : {}),
    ...(init.json !== undefined ? { json: init.json } : {}),
  });
  if (result.status === 200) {
    const parsed = envelopeSchema(def.value).safeParse(result.body);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    expect(result.body.errorCode).toBe('');
  }
  return result;
}
