import { describe, expect, it } from 'vitest';
import { liveChatEntry } from '../../../src/lib/liveChat';
import { groupThree, liveChatAction } from '../../../src/stores/concepts/menu';
import { messageRows } from '../../../src/lib/messageCentre';

const entries = [{ csType: 'CS', path: 'https://cs.example' }, { csType: 'LIVECHAT', path: 'https://chat.example' }];

describe('one rule for every "Live chat" entry (accounts §2 Message centre, §6; player-shell §3)', () => {
  it.each([
    ['CBS3 on, a member: the launch-chat flow, never the link', { loggedIn: true, memberType: 0, cbs3: true, entries }, { kind: 'chat' }],
    ['CBS3 on, an agent: the launch-chat flow', { loggedIn: true, memberType: 2, cbs3: true, entries }, { kind: 'chat' }],
    ['CBS3 on, a visitor: log in first', { loggedIn: false, memberType: null, cbs3: true, entries }, { kind: 'login' }],
    ['CBS3 on, a trial account: free_reject', { loggedIn: true, memberType: 4, cbs3: true, entries }, { kind: 'refuse' }],
    ['CBS3 off: the operator\'s LIVECHAT link', { loggedIn: true, memberType: 0, cbs3: false, entries }, { kind: 'link', href: 'https://chat.example' }],
    ['CBS3 off and no LIVECHAT entry: no live chat', { loggedIn: true, memberType: 0, cbs3: false, entries: entries.slice(0, 1) }, { kind: 'none' }],
  ] as const)('%s', (_, ctx, action) => {
    expect(liveChatEntry(ctx)).toEqual(action);
  });

  it('the side menu and the message centre open the same flow for a member', () => {
    expect(liveChatAction(true, 0)).toEqual({ kind: 'chat' });
    const menu = groupThree({ loggedIn: true, memberType: 0, switches: { CBS3: true }, promotions: {}, nativeApp: false, standalone: false } as never);
    expect(menu.find((e) => e.id === 'liveChat')?.action).toEqual({ kind: 'chat' });
    const rows = messageRows({ loggedIn: true, memberType: 0, cbs3: true, telegramUrl: null, serviceUrl: null });
    expect(rows.find((r) => r.id === 'liveChat')?.action).toEqual({ kind: 'chat' });
  });
});
