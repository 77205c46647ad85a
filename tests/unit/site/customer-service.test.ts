import { describe, expect, it } from 'vitest';
import { floatingServiceEntry } from '../../../src/lib/customerService';

const cs = { csType: 'CS', path: 'https://example.com/support' };

// Rows quote player-shell §2 Home "floating customer-service button (only if a customer-service entry of type CS exists)".
describe("home's floating customer-service button", () => {
  it.each([
    ['a CS entry: its button', [{ csType: 'WHATSAPP', path: 'https://wa.me/1' }, cs], cs],
    ['only other types: no button', [{ csType: 'LIVECHAT', path: 'https://example.com/chat' }], null],
    ['a CS entry without a link: no button', [{ csType: 'CS', path: '' }], null],
    ['no entries: no button', [], null],
    ['status not known yet: no button', null, null],
  ] as const)('%s', (_rule, entries, expected) => {
    expect(floatingServiceEntry(entries)).toEqual(expected);
  });
});
