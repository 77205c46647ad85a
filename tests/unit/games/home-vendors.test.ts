import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store runs in the browser: a window to carry the language event, and local storage for the vendor cache.
const storage = new Map<string, string>();
vi.stubGlobal('window', new EventTarget());
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
});
vi.mock('../../../src/api/catalogue', () => ({ getVendorGameTypes: vi.fn(), getVendorLanes: vi.fn() }));

const { getVendorGameTypes, getVendorLanes } = await import('../../../src/api/catalogue');
const { $catalogueFailed, $vendorGameTypes } = await import('../../../src/stores/concepts/catalogue');
const { $language, LANGUAGE_EVENT } = await import('../../../src/stores/concepts/language');
const { LANGUAGE_DEBOUNCE_MS } = await import('../../../src/lib/debounce');

type Answer = Awaited<ReturnType<typeof getVendorGameTypes>>;
/** A vendor game types answer (game type → vendor codes) whose keys come in the given order. */
const mapping = (language: string, ...positions: number[]): Answer =>
  Object.fromEntries(positions.map((n) => [`${language}${n}`, [`V${n}`]]));

/** A vendor answer the test settles by hand: the fetch "ends" when it does. */
function pending() {
  let settle!: { resolve: (a: Answer) => void; reject: (e: Error) => void };
  const promise = new Promise<Answer>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

/** What the player sees when choosing a language: the `language` store set, then the window event (stores/language.ts chooseLanguage). */
function changeLanguage(code: 'EN' | 'FR' | 'JA' | 'TH') {
  $language.set(code);
  window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { language: code } }));
}

let unmount: (() => void) | null = null;
/** Mounts the vendor store the way the home's game browser does (a subscriber). */
const mountHome = () => {
  unmount = $vendorGameTypes.listen(() => {});
};

beforeEach(() => {
  vi.mocked(getVendorLanes).mockResolvedValue([]);
  storage.clear();
  $vendorGameTypes.set(null);
  $catalogueFailed.set(false);
  $language.set('EN');
  vi.useFakeTimers();
});
afterEach(async () => {
  unmount?.();
  unmount = null;
  // nanostores unmounts a store 1 s after its last subscriber left.
  await vi.advanceTimersByTimeAsync(1000);
  vi.mocked(getVendorGameTypes).mockReset();
  vi.useRealTimers();
});
afterAll(() => vi.unstubAllGlobals());

// player-shell §2 Home: "fetches … the game vendors. Vendors are re-fetched on language change (250 ms debounce).
// The loading banner hides when the vendor fetch ends." §9: "Language-change debounce for vendors 250 ms".
describe('home vendors: loading, and the re-fetch on language change', () => {
  it('is loading (no mapping, no failure) until the vendor fetch ends, then shows the mapping in the answer’s order', async () => {
    const first = pending();
    vi.mocked(getVendorGameTypes).mockReturnValueOnce(first.promise);
    mountHome();
    expect(getVendorGameTypes).toHaveBeenCalledExactlyOnceWith('EN');
    await vi.advanceTimersByTimeAsync(5000);
    expect($vendorGameTypes.get()).toBeNull();
    expect($catalogueFailed.get()).toBe(false);
    first.resolve(mapping('EN', 2, 1));
    await vi.advanceTimersByTimeAsync(0);
    expect($vendorGameTypes.get()!.map((e) => [e.gameType, e.sortOrder])).toEqual([['EN2', 1], ['EN1', 2]]);
    expect($catalogueFailed.get()).toBe(false);
  });

  it('ends loading with the failure (retry) when the first fetch fails and nothing is cached', async () => {
    vi.mocked(getVendorGameTypes).mockRejectedValueOnce(new Error('offline'));
    mountHome();
    await vi.advanceTimersByTimeAsync(0);
    expect($vendorGameTypes.get()).toBeNull();
    expect($catalogueFailed.get()).toBe(true);
  });

  it('re-fetches once, 250 ms after the last of several quick language changes, in the new language', async () => {
    vi.mocked(getVendorGameTypes).mockResolvedValue(mapping('EN', 1));
    mountHome();
    await vi.advanceTimersByTimeAsync(0);
    expect(getVendorGameTypes).toHaveBeenCalledTimes(1);
    vi.mocked(getVendorGameTypes).mockResolvedValue(mapping('JA', 1));
    changeLanguage('FR');
    await vi.advanceTimersByTimeAsync(100);
    changeLanguage('TH');
    await vi.advanceTimersByTimeAsync(100);
    changeLanguage('JA');
    await vi.advanceTimersByTimeAsync(LANGUAGE_DEBOUNCE_MS - 1);
    expect(getVendorGameTypes).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getVendorGameTypes).toHaveBeenCalledTimes(2);
    expect(getVendorGameTypes).toHaveBeenLastCalledWith('JA');
    expect($vendorGameTypes.get()![0]!.gameType).toBe('JA1');
    await vi.advanceTimersByTimeAsync(5000);
    expect(getVendorGameTypes).toHaveBeenCalledTimes(2);
  });

  it('stops listening when the home is left: a language change afterwards fetches nothing', async () => {
    vi.mocked(getVendorGameTypes).mockResolvedValue(mapping('EN', 1));
    mountHome();
    await vi.advanceTimersByTimeAsync(0);
    unmount!();
    unmount = null;
    await vi.advanceTimersByTimeAsync(1000);
    changeLanguage('FR');
    await vi.advanceTimersByTimeAsync(1000);
    expect(getVendorGameTypes).toHaveBeenCalledTimes(1);
  });
});
