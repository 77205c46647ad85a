import { $session, endSession } from '../stores/session';

/** The envelope of every platform API answer (DESIGN.md, Contracts). */
interface Envelope<T> {
  success: boolean;
  code: string;
  message: string;
  value: T;
}

/** A refused or failed API call: HTTP status, the stable `code`, and the envelope's `value`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly value: unknown,
  ) {
    super(code);
    this.name = 'ApiRequestError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds `path?query`, leaving out null/undefined/empty values. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls the platform API and returns the envelope's `value`. Sends the session token as a Bearer header
 * when logged in. Throws ApiRequestError with the server's `code` on any non-success answer; a network
 * failure becomes code `network`. A 401 `session_expired` also ends the local session.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { query?: Query; json?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = $session.get()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: options.json === undefined ? null : JSON.stringify(options.json),
      signal: options.signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', null);
  }
  let body: Envelope<T> | null;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  if (!response.ok || !body?.success) {
    const code = body?.code ?? 'internal_error';
    if (response.status === 401 && code === 'session_expired') endSession();
    throw new ApiRequestError(response.status, code, body?.value ?? null);
  }
  return body.value;
}
