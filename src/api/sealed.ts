import { ApiRequestError, apiRequest } from './client';
import { API } from './paths';
import { sealPayload, type PayloadKey } from './payload-crypto';

let keyRequest: Promise<PayloadKey> | null = null;

/** The server's payload key, fetched once per page and again when the server says it changed. */
function payloadKey(fresh: boolean): Promise<PayloadKey> {
  if (fresh || !keyRequest) {
    const request = apiRequest<PayloadKey>('GET', API.payloadKey);
    keyRequest = request;
    request.catch(() => {
      if (keyRequest === request) keyRequest = null;
    });
  }
  return keyRequest;
}

/**
 * Sends `body` sealed for `path` (src/api/payload-crypto.ts) and returns the answer's value. When the server
 * has rotated its key (`unknown_payload_key`) the key is fetched again and the call retried once with a new
 * seal (a new nonce, so the retry is not a replay). Other failures throw ApiRequestError as apiRequest does.
 */
export async function sealedRequest<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const key = await payloadKey(attempt > 0);
    const sealed = await sealPayload(key, path, body);
    try {
      return await apiRequest<T>(method, path, { json: sealed.json, headers: { Encryption: sealed.header } });
    } catch (error) {
      if (attempt === 0 && error instanceof ApiRequestError && error.code === 'unknown_payload_key') continue;
      throw error;
    }
  }
}
