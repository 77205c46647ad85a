/**
 * The back office's data provider (docs/back-office.md "The back office app"): react-admin's calls mapped onto the
 * console API's data conventions (src/console/registry.ts), over `/console/api` with the /wps envelope
 * `{ success, value, message, errorCode }`.
 * - getList / getManyReference: `GET /console/api/<resource>?page=&perPage=&sort=&order=&<filter>=…` → `{ items, total }`
 *   (a filter's array is sent comma-joined, an object as JSON; empty values are left out);
 * - getOne: `GET …/<id>`; getMany: one getOne per id (areas have few references); update: `PUT …/<id>` with the
 *   fields that changed against the record as loaded (all of them when react-admin has no previous record);
 *   create: `POST /console/api/<resource>`; delete: `DELETE …/<id>` → `{ id }`; the *Many calls: one call per id;
 * - `action`, `get`, `post`: the console's actions and other reads (ConsoleDataProvider).
 * Every request other than GET carries the session's `X-CSRF-Token`. A refusal (an envelope with `success: false`,
 * or a non-JSON answer) is thrown as `ConsoleApiError(status, errorCode, message, value)`; react-admin shows its
 * message as a notification, and a 401 sends the operator to the sign-in page (src/console/authProvider.ts).
 */
import type { Identifier, RaRecord } from 'react-admin';
import { ConsoleApiError, type ConsoleDataProvider } from './registry';
import { csrfToken } from './session';

/** Where the console API lives. */
export const CONSOLE_API = '/console/api/';

type QueryValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

/** `?a=1&b=x` of the values that are set (arrays comma-joined, objects as JSON); '' when none is. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) params.set(name, value.join(','));
    else if (typeof value === 'object') params.set(name, JSON.stringify(value));
    else params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One console API request: `path` below /console/api/ (query included), the envelope's value on success; throws
 * ConsoleApiError otherwise (a network failure: status 0, errorCode `network_error`).
 */
export async function consoleFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken()) headers['X-CSRF-Token'] = csrfToken();
  let res: Response;
  try {
    res = await fetch(CONSOLE_API + path, {
      method, headers, credentials: 'same-origin', ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw new ConsoleApiError(0, 'network_error', 'The back office could not be reached; check the connection.');
  }
  const body = await res.json().catch(() => null) as { success?: boolean; value?: unknown; message?: string; errorCode?: string } | null;
  if (!body || body.success !== true || !res.ok) {
    throw new ConsoleApiError(res.status, body?.errorCode || 'internal_error', body?.message || `The back office answered ${res.status}`, body?.value ?? null);
  }
  return body.value as T;
}

const one = (resource: string, id: Identifier) => `${resource}/${encodeURIComponent(String(id))}`;

/** The fields of `data` whose JSON differs from `previous` (all of `data` without a previous record). */
export function changedFields(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key])));
}

interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, QueryValue>;
}

async function list(resource: string, params: ListParams, extra: Record<string, QueryValue> = {}) {
  const query: Record<string, QueryValue> = {
    ...(params.filter ?? {}), ...extra,
    page: params.pagination?.page, perPage: params.pagination?.perPage, sort: params.sort?.field, order: params.sort?.order,
  };
  const { items, total } = await consoleFetch<{ items: RaRecord[]; total: number }>(`${resource}${queryString(query)}`);
  return { data: items, total };
}

/** The console's data provider (one instance is enough: it keeps no state but the session's CSRF token). */
export const dataProvider: ConsoleDataProvider = {
  getList: (resource, params) => list(resource, params) as never,
  getManyReference: (resource, params) => list(resource, params, { [params.target]: params.id as QueryValue }) as never,
  getOne: async (resource, params) => ({ data: await consoleFetch(one(resource, params.id)) }) as never,
  getMany: async (resource, params) => ({ data: await Promise.all(params.ids.map((id) => consoleFetch(one(resource, id)))) }) as never,
  update: async (resource, params) => ({
    data: await consoleFetch(one(resource, params.id), { method: 'PUT', body: changedFields(params.data as Record<string, unknown>, params.previousData as Record<string, unknown> | undefined) }),
  }) as never,
  updateMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => consoleFetch(one(resource, id), { method: 'PUT', body: params.data })));
    return { data: params.ids } as never;
  },
  create: async (resource, params) => ({ data: await consoleFetch(resource, { method: 'POST', body: params.data }) }) as never,
  delete: async (resource, params) => {
    await consoleFetch(one(resource, params.id), { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } } as never;
  },
  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => consoleFetch(one(resource, id), { method: 'DELETE' })));
    return { data: params.ids } as never;
  },
  action: async (resource, id, action, body) => ({ data: await consoleFetch(`${one(resource, id)}/${encodeURIComponent(action)}`, { method: 'POST', body: body ?? {} }) }) as never,
  get: (path, query) => consoleFetch(`${path}${queryString(query)}`),
  post: (path, body) => consoleFetch(path, { method: 'POST', body: body ?? {} }),
};
