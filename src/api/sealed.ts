import { ApiRequestError, callApi } from './client';
import { sealPayload, type PayloadKey } from '../../contract/payload-crypto';
import { extensionCalls } from '../../contract/calls/extensions';
import type { CallDef, ValueOf } from '../../contract/call';

let keyRequest: Promise<PayloadKey> | null = null;

/** The server's payload key, fetched once per page and again when the server says it changed. */
function payloadKey(fresh: boolean): Promise<PayloadKey> {
  if (fresh || !keyRequest) {
    const request: Promise<PayloadKey> = callApi(extensionCalls.payloadKey);
    keyRequest = request;
    request.catch(() => {
      if (keyRequest === request) keyRequest = null;
    });
  }
  return keyRequest;
}

/**
 * Sends a contract call whose body is sealed (the §1.6 calls: login, registrations, password calls) and returns
 * the answer's value. The browser never speaks the platform's legacy DES/RSA scheme: it seals with ECDH P-256 +
 * AES-GCM (contract/payload-crypto.ts) for the call's path, and the worker opens the body (built-in mode) or
 * re-encrypts it in the legacy scheme for the platform (upstream mode). When the server has rotated its key
 * (`unknown_payload_key`) the key is fetched again and the call retried once with a new seal (a new nonce, so
 * the retry is not a replay). Other failures throw ApiRequestError as callApi does.
 */
export async function sealedCall<C extends CallDef>(def: C, body: unknown): Promise<ValueOf<C>> {
  for (let attempt = 0; ; attempt++) {
    const key = await payloadKey(attempt > 0);
    const sealed = await sealPayload(key, def.path, body);
    try {
      return await callApi(def, { body: sealed.json, headers: { Encryption: sealed.header } });
    } catch (error) {
      if (attempt === 0 && error instanceof ApiRequestError && error.errorCode === 'unknown_payload_key') continue;
      throw error;
    }
  }
}

