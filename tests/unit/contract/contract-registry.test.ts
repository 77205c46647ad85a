import { describe, expect, it } from 'vitest';
import { CALLS, allCalls } from '../../../contract';
import { systemCalls } from '../../../contract/calls/system';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { accountsCalls } from '../../../contract/calls/accounts';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { extensionCalls } from '../../../contract/calls/extensions';
import { contentCalls } from '../../../contract/calls/content';
import { walletCalls } from '../../../contract/calls/wallet';
import { profileCalls } from '../../../contract/calls/profile';
import { historyCalls } from '../../../contract/calls/history';
import { conversationCalls } from '../../../contract/calls/conversations';
import { rewardCalls } from '../../../contract/calls/rewards';
import { protectionCalls } from '../../../contract/calls/protection';
import { protectionToolCalls } from '../../../contract/calls/protection-tools';
import { EXTENSION_PREFIX } from '../../../contract/call';

const AREAS = {
  systemCalls, catalogueCalls, accountsCalls, lotteryCalls, extensionCalls, contentCalls, walletCalls, profileCalls, historyCalls,
  conversationCalls, rewardCalls, protectionCalls, protectionToolCalls,
};

// docs/design.md, Contracts: one module of schemas is the single source; every call is in the registry exactly once.
describe('the contract registry', () => {
  it('holds every call of every area (no area shadows another by name)', () => {
    const total = Object.values(AREAS).reduce((n, area) => n + Object.keys(area).length, 0);
    expect(Object.keys(CALLS)).toHaveLength(total);
  });

  it('keys every call by its own name', () => {
    for (const [key, call] of Object.entries(CALLS)) expect(call.name).toBe(key);
  });

  it('has one call per method and path', () => {
    const routes = allCalls().map((call) => `${call.method} ${call.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('puts every PlayDeck extension, and only those, under the extension namespace', () => {
    for (const call of allCalls()) expect(call.path.startsWith(`${EXTENSION_PREFIX}/`)).toBe(call.extension === true);
  });

  it('sends a module id only in the header: no query or body schema has a moduleId field', () => {
    for (const call of allCalls()) {
      for (const schema of [call.query, call.body]) {
        const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
        if (shape) expect(Object.keys(shape)).not.toContain('moduleId');
      }
    }
  });
});
