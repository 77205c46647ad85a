import { describe, expect, it } from 'vitest';
import { UsageError } from '../../scripts/operator-commands';
import { chatUrlSql, inlineSql, messageSql, parseConversationCommand } from '../../scripts/operator-conversations';

describe('operator conversation commands', () => {
  it('parses a message to one member, sanitising its HTML', () => {
    const command = parseConversationCommand(['message', 'DEMO', 'member:Alice', 'promo-1', 'Hello', '<p>Hi<script>x()</script></p>']);
    expect(command).toEqual({
      kind: 'message', merchant: 'DEMO', audience: { kind: 'member', username: 'Alice' }, messageKey: 'promo-1', title: 'Hello', content: '<p>Hi</p>',
    });
  });

  it.each([
    [['message', 'DEMO', 'everyone', 'k', 't', '<p>x</p>']],
    [['message', 'DEMO', 'all', 'bad key', 't', '<p>x</p>']],
    [['message', 'DEMO', 'all', 'k', 't', '<script>only()</script>']],
    [['message', 'DEMO', 'all', 'k', 't']],
    [['chat-url', 'DEMO', 'javascript:alert(1)']],
    [['console-operator', 'DEMO', 'bad name!', 'Ann']],
  ])('refuses %j', (args) => {
    expect(() => parseConversationCommand(args)).toThrow(UsageError);
  });

  it('leaves other commands to the site commands', () => {
    expect(parseConversationCommand(['list'])).toBeNull();
  });

  it('renders one idempotent statement per message, with escaped literals', () => {
    const command = parseConversationCommand(['message', 'DEMO', 'all', 'k1', "It's on", '<p>x</p>'])!;
    const sql = messageSql(command as Extract<typeof command, { kind: 'message' }>, 'DEMO', 123);
    expect(sql).toContain("'It''s on'");
    expect(sql).toContain('ON CONFLICT (merchant_code, message_key) DO NOTHING');
    expect(sql).not.toMatch(/\?\d/);
    expect(inlineSql('SELECT ?1, ?2', ['a', 5])).toBe("SELECT 'a', 5");
  });

  it('stores or clears an external chat URL template', () => {
    const set = parseConversationCommand(['chat-url', 'DEMO', 'https://chat.example/?t={token}&l={language}'])!;
    expect(chatUrlSql(set as Extract<typeof set, { kind: 'chat-url' }>, 'DEMO')).toContain("'https://chat.example/?t={token}&l={language}'");
    const none = parseConversationCommand(['chat-url', 'DEMO', 'none'])!;
    expect(chatUrlSql(none as Extract<typeof none, { kind: 'chat-url' }>, 'DEMO')).toContain('NULL');
  });
});
