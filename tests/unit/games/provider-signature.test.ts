import { describe, expect, it } from 'vitest';
import { signPayload, verifyPayload } from '../../../worker/services/wallet/payments/signature';

/** The test vector of docs/game-providers.md "Test vector": what a provider's own code must reproduce. */
describe('provider wallet signatures (docs/game-providers.md)', () => {
  const key = 'provider-test-vector-secret-0001';
  const timestamp = 1767225600000;
  const body = '{"sessionId":"s-123","playerId":"42","transactionId":"tx-1","roundId":"round-1","gameCode":"book","amount":"2.50","currency":"USD"}';
  const signature = 'a75588d84102aacb31d42872d6eeb2fdfd67cfc5012c36983b927b92b9de131e';

  it('signs the vector as the guide says and verifies it inside the window only', async () => {
    expect(await signPayload(key, timestamp, body)).toBe(signature);
    expect(await verifyPayload(key, String(timestamp), signature, body, timestamp + 60_000)).toBe(true);
    expect(await verifyPayload(key, String(timestamp), signature, body, timestamp + 11 * 60_000)).toBe(false);
    expect(await verifyPayload(key, String(timestamp), signature, body.replace('2.50', '2.51'), timestamp)).toBe(false);
  });
});
