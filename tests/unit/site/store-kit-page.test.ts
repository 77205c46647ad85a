import { afterEach, describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import { env, resetEnvironment, setEnvironment, wait } from '../../../src/stores/kit/environment';
import { createPage } from '../../../src/stores/kit/page';

afterEach(() => {
  resetEnvironment();
  vi.useRealTimers();
});

// docs/design.md "Stores": one environment seam for navigation, clocks and timers in tests.
describe('the stores environment', () => {
  it('replaces only the parts given, and resets to the browser', () => {
    const went: string[] = [];
    setEnvironment({ navigate: (url) => went.push(url), now: () => 42 });
    env().navigate('/m/home');
    expect(went).toEqual(['/m/home']);
    expect(env().now()).toBe(42);
    resetEnvironment();
    expect(env().now()).toBeGreaterThan(1_600_000_000_000);
  });

  it('waits on the fake timers of a test (the browser functions are looked up at each call)', async () => {
    vi.useFakeTimers();
    let done = false;
    void wait(500).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

// slowreader's createPage is the model: stores made when the page opens, an exit that unbinds them.
describe('page stores made per visit', () => {
  const counterPage = createPage('counter', (visit) => {
    const $count = atom(0);
    const $seen = atom<string[]>([]);
    return {
      $count,
      $seen,
      tickLater: () => visit.later(() => $count.set($count.get() + 1), 100),
      tickEvery: () => visit.every(() => $count.set($count.get() + 1), 100),
      follow: ($source: ReturnType<typeof atom<string>>) => visit.listen($source, (value) => $seen.set([...$seen.get(), value])),
      exited: () => visit.exited,
    };
  });

  it('gives each visit its own stores', () => {
    const one = counterPage();
    const two = counterPage();
    one.$count.set(5);
    expect(two.$count.get()).toBe(0);
    expect(one.name).toBe('counter');
  });

  it('exit cancels timers and intervals, unbinds listeners, and is idempotent', async () => {
    vi.useFakeTimers();
    const page = counterPage();
    const $source = atom('a');
    page.follow($source);
    page.tickEvery();
    await vi.advanceTimersByTimeAsync(200);
    expect(page.$count.get()).toBe(2);
    $source.set('b');
    expect(page.$seen.get()).toEqual(['b']);
    page.tickLater();
    page.exit();
    page.exit();
    await vi.advanceTimersByTimeAsync(1000);
    $source.set('c');
    expect(page.$count.get()).toBe(2);
    expect(page.$seen.get()).toEqual(['b']);
    expect(page.exited()).toBe(true);
  });
});
