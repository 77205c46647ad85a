import { describe, expect, it } from 'vitest';
import { printError, printOut, terminalSafe } from '../../../scripts/operator-output';

// scripts/operator-output.ts: what the operator script prints cannot drive the operator's terminal.
describe('operator output', () => {
  it.each([
    ['colours and cursor moves (CSI)', 'ann\x1b[31;1mRED\x1b[0m\x1b[2J\x1b[H', 'annRED'],
    ['a window title and a hyperlink (OSC, BEL or ST ended)', '\x1b]0;pwned\x07bob \x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\', 'bob link'],
    ['the introducer of an unterminated OSC string (the rest stays, as plain text)', 'carl\x1b]52;c;ZXZpbA==', 'carl52;c;ZXZpbA=='],
    ['device control and other strings', 'dan\x1bPq#0;2;0;0;0\x1b\\ \x1b_apc\x1b\\ok', 'dan ok'],
    ['two-character escapes and a lone ESC', 'eve\x1bc\x1b(0\x1b', 'eve0'],
    ['8-bit CSI and OSC', 'fay\u009b31mX\u009d0;t\u009c', 'fayX'],
    ['carriage return, backspace and bell that rewrite a line', 'rejected\rapproved\b\b\x07', 'rejectedapproved'],
    ['the other C0, DEL and C1 controls', 'g\x00\x01\x7f\u0085\u0081\u009fh', 'gh'],
    ['bidi embeddings, overrides and isolates', 'admin\u202e\u2066txt.exe\u2069\u202a\u202c', 'admintxt.exe'],
  ])('removes %s', (_what, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });

  it('keeps text, line feeds, tabs, other scripts and the plain direction marks', () => {
    const text = 'Agent applications:\n#12\talice  |  مرحبا\u200f  |  Nguyễn  |  😀 12.50';
    expect(terminalSafe(text)).toBe(text);
  });

  it('prints answers and errors only after making them safe', () => {
    const out: string[] = [];
    const err: string[] = [];
    const streams = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    printOut('eve  |  \x1b[8mhidden\x1b[0m  |  pending', streams);
    printError('No member \x1b]0;x\x07mallory on DEMO.', streams);
    expect(out).toEqual(['eve  |  hidden  |  pending']);
    expect(err).toEqual(['No member mallory on DEMO.']);
  });
});
