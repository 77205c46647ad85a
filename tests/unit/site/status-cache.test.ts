import { describe, expect, it } from 'vitest';
import { systemStatusValue } from '../../../contract/calls/system';
import { hasStatusShape } from '../../../src/stores/concepts/settings';

/** A status answer of today's shape (platform-contract.md §3 status). */
const status = {
  info: {
    customerService: [{ csType: '1', path: 'https://chat.example/x' }],
    domainRoute: { version: { pathList: [] }, domainList: [] },
    mobileTemplate: { mem_cen: '1', dep_func: '0' },
    paths: {},
    register: {},
    resources: [],
    whitelabel: [{ modId: 'CBS3', enabled: '1', childrenNodes: [] }],
    mainDomain: 'demo.example',
    imageCDNs: [],
    launchGameCDNs: [],
    analytics: {},
  },
  location: { ip: '203.0.113.9' },
  maintenance: false,
  regionRestriction: false,
};

// The browser checks the cached status by hand (no zod in the browser build): it must accept what the contract's
// schema accepts and refuse the older shapes the schema refuses.
describe('the cached status check agrees with the contract schema', () => {
  const cases: [string, unknown][] = [
    ['today\'s shape', status],
    ['an older cache with a flat whitelabel map', { ...status, info: { ...status.info, whitelabel: { CBS3: true } } }],
    ['no info', { maintenance: false, regionRestriction: false }],
    ['no gates', { info: status.info }],
    ['customer service not a list', { ...status, info: { ...status.info, customerService: 'x' } }],
    ['null', null],
    ['a string', 'status'],
  ];
  it.each(cases)('%s', (_name, value) => {
    expect(hasStatusShape(value)).toBe(systemStatusValue.safeParse(value).success);
  });
});
