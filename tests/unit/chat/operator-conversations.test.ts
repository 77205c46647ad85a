import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../scripts/operator-commands';
import { parseConversationCommand } from '../../../scripts/operator-conversations';

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
  ])('refuses %j', (args) => {
    expect(() => parseConversationCommand(args)).toThrow(UsageError);
  });

  it('leaves other commands to the site commands', () => {
    expect(parseConversationCommand(['list'])).toBeNull();
  });

  it('reads an external chat URL template, or none for the built-in chat', () => {
    expect(parseConversationCommand(['chat-url', 'DEMO', 'https://chat.example/?t={token}&l={language}'])).toEqual(
      { kind: 'chat-url', merchant: 'DEMO', template: 'https://chat.example/?t={token}&l={language}' },
    );
    expect(parseConversationCommand(['chat-url', 'DEMO', 'https://chat.example/{ticket}?l={language}'])).toEqual(
      { kind: 'chat-url', merchant: 'DEMO', template: 'https://chat.example/{ticket}?l={language}' },
    );
    expect(parseConversationCommand(['chat-url', 'DEMO', 'none'])).toEqual({ kind: 'chat-url', merchant: 'DEMO', template: null });
  });
});
