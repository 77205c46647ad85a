import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The catalogue store against the wire (platform-contract.md §2 vendor game types, §7.3 vendor lanes): the answers
// are served by a stubbed fetch, so the store is tested with the shape checks of src/api/catalogue.ts in place.
const storage = new Map<string, string>();
vi.stubGlobal('window', new EventTarget());
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
});

const { $catalogueFailed, $lanesFailed, $vendorGameTypes, $vendorLanes, refreshCatalogue } = await import('../../../src/stores/concepts/catalogue');

type Reply = { status: number; body: unknown } | 'network';
const TYPES = '/wps/relay/GCSGAME_getVassGameType';
const LANES = '/wps/relay/GCSGAME_newGameVendor';
let replies: Record<string, Reply> = {};
let asked: string[] = [];

const ok = (value: unknown): Reply => ({ status: 200, body: { success: true, value, message: '', errorCode: '' } });

/** The contract's answers: game type → vendor codes, and the lanes with their cards and classification objects. */
const TYPES_OK = ok({ content: { RNG: ['PG', 'JDB'], LIVE: 'EVO' } });
const LANES_OK = ok({
  data: {
    lanes: [
      {
        title: 'RNG', gameCount: 3,
        gameClassify: [{ gameClassify: 'slot', name: 'slot', vendors: ['PG', 'JDB'] }, { gameClassify: 'table', name: 'table', vendors: ['PG'] }],
        cards: [
          { accountTypeName: 'PG', displayName: 'PG Soft', gameType: 'RNG', lagerIcon: '', freeplay: true, telGameId: 'pg-1', telNodeId: 101, gameCount: 2 },
          { accountTypeName: 'jdb', displayName: 'JDB', gameType: 'RNG', lagerIcon: '', freeplay: false, telGameId: null, telNodeId: null, gameCount: 1 },
        ],
      },
      { title: 'LIVE', gameClassify: [], cards: [{ accountTypeName: 'EVO', displayName: 'Evolution', gameType: 'LIVE', lagerIcon: '', freeplay: false }] },
    ],
  },
});

beforeEach(() => {
  storage.clear();
  asked = [];
  replies = { [TYPES]: TYPES_OK, [LANES]: LANES_OK };
  $vendorGameTypes.set(null);
  $vendorLanes.set(null);
  $catalogueFailed.set(false);
  $lanesFailed.set(false);
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const path = new URL(url, 'https://site.example').pathname;
    asked.push(path);
    const reply = replies[path] ?? { status: 404, body: { success: false, value: null, message: '', errorCode: 'function.not.available' } };
    if (reply === 'network') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('the vendor mapping from the vendor game types and the lanes (platform-contract.md §2, §7.3)', () => {
  it('builds one entry per game type in the answer’s order, named and counted from the lanes, and keeps the lanes', async () => {
    await refreshCatalogue();
    expect($catalogueFailed.get()).toBe(false);
    expect([...asked].sort()).toEqual([TYPES, LANES]);
    const mapping = $vendorGameTypes.get()!;
    expect(mapping.map((e) => [e.gameType, e.sortOrder])).toEqual([['RNG', 1], ['LIVE', 2]]);
    const rng = mapping[0]!;
    expect(rng.vendors.map((v) => [v.vassalage, v.vendorNames[0]?.accountTypeName, v.gameCount])).toEqual([['PG', 'PG Soft', 2], ['JDB', 'JDB', 1]]);
    expect(rng.gameClassify).toEqual(['slot', 'table']);
    expect(rng.gameCount).toBe(3);
    // A comma string of codes is read as its list; a lane without counts leaves the count unknown.
    expect(mapping[1]!.vendors.map((v) => [v.vassalage, v.vendorNames[0]?.accountTypeName])).toEqual([['EVO', 'Evolution']]);
    expect(mapping[1]!.gameCount).toBeUndefined();
    expect($vendorLanes.get()?.map((l) => l.title)).toEqual(['RNG', 'LIVE']);
    expect(JSON.parse(storage.get('getVassGameType')!)).toEqual(mapping);
  });

  it.each<[string, Record<string, Reply>]>([
    ['the vendor game types answer the shape of a list of entries (not the contract’s map)', {
      [TYPES]: ok({ content: [{ gameCategory: 'RNG', gameType: 'RNG', sortOrder: 1, vendors: [], gameClassify: [] }] }),
    }],
    ['the vendor game types answer no content', { [TYPES]: ok({}) }],
    ['the vendor game types are refused (500)', { [TYPES]: { status: 500, body: { success: false, value: null, message: '#727 system busy', errorCode: '' } } }],
    ['the vendor game types get no answer (network)', { [TYPES]: 'network' }],
    ['the vendor game types answer HTML', { [TYPES]: { status: 200, body: '<html>oops</html>' } }],
    ['the lanes carry classifications as strings (not objects with vendors)', {
      [LANES]: ok({ data: { lanes: [{ title: 'RNG', gameClassify: ['slot'], cards: [] }] } }),
    }],
    ['the lanes answer without data.lanes', { [LANES]: ok({ lanes: [] }) }],
    ['the lanes are refused (502)', { [LANES]: { status: 502, body: { success: false, value: null, message: '', errorCode: 'upstream_unavailable' } } }],
  ])('ends in the failed state (retry), never loading, when %s', async (_case, override) => {
    replies = { ...replies, ...override };
    await refreshCatalogue();
    expect($vendorGameTypes.get()).toBeNull();
    expect($catalogueFailed.get()).toBe(true);
    // Try again: the platform answers now.
    replies = { [TYPES]: TYPES_OK, [LANES]: LANES_OK };
    await refreshCatalogue();
    expect($catalogueFailed.get()).toBe(false);
    expect($vendorGameTypes.get()?.map((e) => e.gameType)).toEqual(['RNG', 'LIVE']);
  });

  it('keeps the mapping it has (no failure state) when a later fetch fails', async () => {
    await refreshCatalogue();
    const before = $vendorGameTypes.get();
    replies = { ...replies, [LANES]: ok({ data: { lanes: 'nope' } }) };
    await refreshCatalogue();
    expect($vendorGameTypes.get()).toBe(before);
    expect($catalogueFailed.get()).toBe(false);
  });

  it('maps RNG and PVP cards to the TCG vendor code (§7.3) and leaves codes without a card named by their code', async () => {
    replies = {
      [TYPES]: ok({ content: { RNG: ['TCG', 'NOCARD'] } }),
      [LANES]: ok({ data: { lanes: [{ title: 'RNG', gameClassify: [], cards: [{ accountTypeName: 'RNG', displayName: 'TCG Games', gameType: 'RNG', lagerIcon: '', freeplay: false }] }] } }),
    };
    await refreshCatalogue();
    expect($vendorGameTypes.get()![0]!.vendors.map((v) => [v.vassalage, v.vendorNames[0]?.accountTypeName])).toEqual([['TCG', 'TCG Games'], ['NOCARD', 'NOCARD']]);
  });
});
