import { describe, expect, it } from 'vitest';
import { flattenWhitelabel } from '../../../rules/whitelabel';
import { statusQuery } from '../../../src/lib/status';
import type { WhitelabelNode } from '../../../contract/calls/system';

const node = (modId: string, enabled: '1' | '0', childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({ modId, enabled, childrenNodes });

describe('flattenWhitelabel (platform-contract.md §2: "a tree … flattened by the client to modId → boolean")', () => {
  it.each([
    ['an empty tree has no switches', [], {}],
    ['"1" is on and "0" is off', [node('CBS3', '1'), node('FREEPLAY3', '0')], { CBS3: true, FREEPLAY3: false }],
    ['children are flattened too', [node('MEMBER', '1', [node('INBOX3', '1'), node('CBS3', '0')])], { MEMBER: true, INBOX3: true, CBS3: false }],
    ['a switched-off parent switches its children off', [node('REG', '0', [node('MOBILENUMREG3', '1', [node('REGMOBVERF3', '1')])])],
      { REG: false, MOBILENUMREG3: false, REGMOBVERF3: false }],
    ['a module id listed twice keeps the first answer', [node('CBS3', '1'), node('CBS3', '0')], { CBS3: true }],
  ])('%s', (_rule, tree, flat) => {
    expect(flattenWhitelabel(tree as WhitelabelNode[])).toEqual(flat);
  });

  it('answers {} for a missing or malformed tree (an old cached status)', () => {
    expect(flattenWhitelabel(null)).toEqual({});
    expect(flattenWhitelabel(undefined)).toEqual({});
    expect(flattenWhitelabel({ CBS3: true } as unknown as WhitelabelNode[])).toEqual({});
  });
});

describe('statusQuery (platform-contract.md §2: device=MOBILE, track, originalDomain, url (host))', () => {
  it('sends the page host and domain, and the track parameter when the page has one', () => {
    expect(statusQuery({ hostname: 'play.example', host: 'play.example:8443', search: '?track=aff1&x=1' }))
      .toEqual({ device: 'MOBILE', originalDomain: 'play.example', url: 'play.example:8443', track: 'aff1' });
    expect(statusQuery({ hostname: 'play.example', host: 'play.example', search: '' }))
      .toEqual({ device: 'MOBILE', originalDomain: 'play.example', url: 'play.example' });
  });
});
