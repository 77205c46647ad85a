import { describe, expect, it } from 'vitest';
import { countdownText } from '../../../rules/countdown';
import { writeTimers, type TimerElement } from '../../../src/lib/countdownTicker';

// player-shell §2 /m/lottery: every draw shows the count-down to its close; the page's plain ticker keeps them
// running before (and after) the island hydrates, from the close time and interval each timer carries.

const NOW = Date.UTC(2026, 10, 26, 4, 0, 0);

/** A timer as the edge writes it: `<span data-close-at data-interval>text</span>` (its text node included). */
function timer(closeAt: number | string, intervalMs: number, text: string): TimerElement & { node: { nodeType: number; data: string; nextSibling: null } } {
  const node = { nodeType: 3, data: text, nextSibling: null };
  const attributes: Record<string, string> = { 'data-close-at': String(closeAt), 'data-interval': String(intervalMs) };
  return {
    node,
    getAttribute: (name) => attributes[name] ?? null,
    get textContent() { return node.data; },
    set textContent(value) { node.data = value ?? ''; },
    get firstChild() { return node as unknown as ChildNode; },
  };
}

describe('the count-down text of a game', () => {
  it.each([
    ['12.4 s before its close', NOW + 12_400, 45_000, '00:13'],
    ['3 h 1 min 1 s before its close', NOW + 3 * 3600_000 + 61_000, 86_400_000, '3:01:01'],
    ['a minute game whose known close was 90 s ago (the next close counts)', NOW - 90_000, 60_000, '00:30'],
    ['at its close, with no interval (nothing after it)', NOW, 0, '00:00'],
  ])('%s', (_name, closeAt, interval, text) => {
    expect(countdownText(closeAt, interval, NOW)).toBe(text);
  });
});

describe('the page ticker rewrites only what changed', () => {
  it('writes each timer as of the server time, in its text node, and counts the changes', () => {
    const fast = timer(NOW + 12_400, 45_000, '00:13');
    const daily = timer(NOW + 3 * 3600_000 + 61_000, 86_400_000, '3:01:01');
    expect(writeTimers([fast, daily], NOW + 1000)).toBe(2);
    expect(fast.node.data).toBe('00:12');
    expect(daily.node.data).toBe('3:01:00');
    expect(writeTimers([fast, daily], NOW + 1100)).toBe(0);
  });

  it('rolls a closed draw on to the next one by its interval', () => {
    const fast = timer(NOW + 2_000, 45_000, '00:02');
    writeTimers([fast], NOW + 2_000);
    expect(fast.textContent).toBe('00:45');
  });

  it('leaves a timer without a readable close time alone', () => {
    const broken = timer('soon', 1000, 'as served');
    expect(writeTimers([broken], NOW)).toBe(0);
    expect(broken.textContent).toBe('as served');
  });
});
