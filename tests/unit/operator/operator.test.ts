import { describe, expect, it } from 'vitest';
import {
  formatList, parseCommand, parseHost, parseRegions, UsageError,
} from '../../../scripts/operator-commands';

describe('operator command line', () => {
  it.each([
    [['maintenance', 'on', 'DEMO'], { kind: 'maintenance', merchant: 'DEMO', on: true }],
    [['maintenance', 'off', 'demo2'], { kind: 'maintenance', merchant: 'demo2', on: false }],
    [['regions', 'DEMO', 'us, fr,US'], { kind: 'regions', merchant: 'DEMO', regions: ['FR', 'US'] }],
    [['regions', 'DEMO', 'none'], { kind: 'regions', merchant: 'DEMO', regions: [] }],
    [['domain', 'add', 'Play.Example.COM', 'DEMO2'], { kind: 'domain-add', host: 'play.example.com', merchant: 'DEMO2' }],
    [['domain', 'remove', '10.0.0.7', 'DEMO'], { kind: 'domain-remove', host: '10.0.0.7', merchant: 'DEMO' }],
    [['switch', 'DEMO', 'cbs3', 'off'], { kind: 'switch', merchant: 'DEMO', moduleId: 'CBS3', on: false }],
    [['list'], { kind: 'list' }],
    [['maintenance-text', 'DEMO', 'ar', 'نعود', 'قريباً'], { kind: 'maintenance-text', merchant: 'DEMO', language: 'AR', text: 'نعود قريباً' }],
    [['maintenance-text', 'DEMO', 'all', 'Back\n\u001b[31m at 03:00'], { kind: 'maintenance-text', merchant: 'DEMO', language: '*', text: 'Back [31m at 03:00' }],
    [['maintenance-text', 'DEMO', 'EN', 'none'], { kind: 'maintenance-text', merchant: 'DEMO', language: 'EN', text: null }],
  ])('%j parses', (args, command) => {
    expect(parseCommand(args)).toEqual(command);
  });

  it.each([
    [[], 'command expected'],
    [['reboot'], 'unknown command'],
    [['maintenance', 'yes', 'DEMO'], 'on or off expected'],
    [['maintenance', 'on'], 'takes 2 argument(s)'],
    [['maintenance', 'on', "DEMO'--"], 'merchant code expected'],
    [['regions', 'DEMO', 'USA'], 'two-letter country codes'],
    [['regions', 'DEMO', ''], 'country list expected'],
    [['domain', 'move', 'a.example', 'DEMO'], 'domain add or domain remove'],
    [['domain', 'add', 'https://a.example', 'DEMO'], 'without scheme, port or path'],
    [['domain', 'add', 'a.example:8787', 'DEMO'], 'without scheme, port or path'],
    [['domain', 'add', '*.example.com', 'DEMO'], 'without scheme, port or path'],
    [['domain', 'add', "a.example'; DROP TABLE merchants;--", 'DEMO'], 'without scheme, port or path'],
    [['switch', 'DEMO', 'CBS4', 'on'], 'unknown module'],
    [['list', 'all'], 'takes 0 argument(s)'],
    [['maintenance-text', 'DEMO', 'XX', 'text'], 'language code'],
    [['maintenance-text', 'DEMO', 'EN'], 'takes a merchant, a language'],
    [['maintenance-text', 'DEMO', 'EN', ' '], 'maintenance text expected'],
    [['maintenance-text', 'DEMO', 'EN', 'x'.repeat(501)], 'too long'],
  ])('%j is refused (%s)', (args, message) => {
    expect(() => parseCommand(args)).toThrow(UsageError);
    expect(() => parseCommand(args)).toThrow(message);
  });
});

describe('host names match what the worker routes (lower-case, no port)', () => {
  it.each([['localhost', 'localhost'], ['127.0.0.1', '127.0.0.1'], [' WWW.Brand-1.example ', 'www.brand-1.example']])(
    '%s → %s', (input, host) => {
      expect(parseHost(input)).toBe(host);
    });

  it.each(['-bad.example', 'bad-.example', 'a..example', '300.1.1.1', '1.2.3', 'a/b', ''])('%s is refused', (input) => {
    expect(() => parseHost(input)).toThrow(UsageError);
  });
});

describe('country lists', () => {
  it('keeps Cloudflare special codes such as T1 (Tor)', () => {
    expect(parseRegions('t1,vn')).toEqual(['T1', 'VN']);
  });
});

describe('list output', () => {
  it('shows each merchant with maintenance, regions, domains and switches', () => {
    const text = formatList([
      { code: 'DEMO', name: 'PlayDeck Demo', maintenance: 1, restricted_regions: '["US"]', hosts: '127.0.0.1 localhost', switches: 'CBS3=on' },
      { code: 'DEMO2', name: 'Lucky Star', maintenance: 0, restricted_regions: '[]', hosts: null, switches: null },
    ]);
    expect(text).toBe([
      'DEMO (PlayDeck Demo)', '  maintenance: ON', '  restricted regions: US', '  domains: 127.0.0.1 localhost', '  switches: CBS3=on',
      'DEMO2 (Lucky Star)', '  maintenance: off', '  restricted regions: none', '  domains: none', '  switches: none',
    ].join('\n'));
  });
});
