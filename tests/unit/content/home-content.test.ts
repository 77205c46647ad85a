import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomePage } from '../../../src/stores/pages/home';

vi.mock('../../../src/api/content', () => ({ getAnnouncements: vi.fn() }));
vi.mock('../../../src/api/contracts', () => ({ getContractRequests: vi.fn(), decideContract: vi.fn() }));

const { getAnnouncements } = await import('../../../src/api/content');
const { getContractRequests, decideContract } = await import('../../../src/api/contracts');
const { ApiRequestError } = await import('../../../src/api/client');
const { $session } = await import('../../../src/stores/concepts/session');
const { $openedPage } = await import('../../../src/stores/kit/navigation');
const { homePage } = await import('../../../src/stores/pages/home');
const {
  contractScreenPage,
} = await import('../../../src/stores/pages/contracts');
const { $settings } = await import('../../../src/stores/concepts/settings');
const switchesOn = (on: boolean) => $settings.set({ switches: { AGENTPOLICY3: on } } as never);
const { nextPopupRecord, parsePopupRecord, popupDay, stepIndex } = await import('../../../src/lib/popups');
const { pendingKinds, pendingOffer, qualifiesForContractPrompts } = await import('../../../src/lib/contracts');

/** A local storage good enough for the stores (the unit tier runs in Node). */
function fakeStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (k: string) => data.get(k) ?? null,
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (k: string) => void data.delete(k),
    setItem: (k: string, v: string) => void data.set(k, String(v)),
  };
}

const popup = (id: number, execution: 'A' | 'B' | 'F', promotionType = '') =>
  ({ id, title: `P${id}`, content: `<p>${id}</p>`, execution, promotionType, startDate: 0 }) as never;
const groups = (list: unknown[]) => ({ banners: [], player: [], popup: list, promotion: [], hot: [] }) as never;
const member = { token: 't', merchantCode: 'DEMO', userName: 'ann', type: 1, firstTimeLogin: false };

// accounts §3 "Popup storage records", §4 Popup, §9 popup constants.
describe('popup rules', () => {
  it.each([
    ['no record yet → shown', null, ['a'], true],
    ['closed and nothing new → stays closed', { show: false, data: ['a', 'b'] }, ['a'], false],
    ['closed and something new → shown again', { show: false, data: ['a'] }, ['a', 'c'], true],
    ['open and nothing new → stays open', { show: true, data: ['a'] }, ['a'], true],
  ] as const)('%s', (_name, stored, records, show) => {
    expect(nextPopupRecord(stored === null ? null : { show: stored.show, data: [...stored.data] }, records)).toEqual({ show, data: records });
  });

  it('reads only well-formed records', () => {
    expect(parsePopupRecord('{"show":false,"data":["x",1]}')).toEqual({ show: false, data: ['x'] });
    expect(parsePopupRecord('nope')).toBeNull();
    expect(parsePopupRecord('{"data":[]}')).toBeNull();
  });

  it('writes the start date as YYYY/MM/DD and keeps previous/next in range', () => {
    expect(popupDay(Date.UTC(2026, 0, 5, 23))).toBe('2026/01/05');
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(1, 1, 3)).toBe(2);
  });
});

// accounts §6 Agent members, §9 excluded types; §3 contract-request value.
describe('contract rules', () => {
  it.each([
    [1, true, true], [0, true, true], [4, true, false], [40, true, false], [41, true, false], [42, true, false], [1, false, false],
  ])('member type %i with AGENTPOLICY3 %s → prompted %s', (type, on, expected) => {
    expect(qualifiesForContractPrompts(type, on)).toBe(expected);
  });

  it('lists the pending kinds in order and finds the offer the flag names', () => {
    const value = { dailysalreqtype: '7', divtypecompperiodreq: '', contracthoursalreq: '9', offers: [{ id: 7, kind: 'daily', terms: '<p>x</p>', createdAt: 1 }] };
    expect(pendingKinds(value)).toEqual(['daily', 'hourly']);
    expect(pendingOffer(value, 'daily')).toEqual({ id: 7, terms: '<p>x</p>', createdAt: 1 });
    expect(pendingOffer(value, 'hourly')).toEqual({ id: 9, terms: '', createdAt: null });
    expect(pendingOffer(value, 'dividend')).toBeNull();
  });
});

describe('login popup list (store)', () => {
  // A home visit per mount (src/stores/kit/page.ts); each case leaves the ones it opened.
  const opened: HomePage[] = [];
  const mount = (): HomePage => {
    const home = homePage();
    home.startPopups();
    opened.push(home);
    return home;
  };
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeStorage());
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const home of opened.splice(0)) home.exit();
    $session.set(null);
    vi.clearAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a guest the B popups 500 ms after mount, plays every 5000 ms until touched, and close keeps it closed', async () => {
    vi.mocked(getAnnouncements).mockResolvedValue(groups([popup(1, 'A'), popup(2, 'B'), popup(3, 'B'), popup(4, 'F')]));
    const home = mount();
    const { $popups } = home;
    await vi.advanceTimersByTimeAsync(499);
    expect($popups.get().open).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect($popups.get()).toMatchObject({ open: true, index: 0, member: false });
    expect($popups.get().list.map((p) => p.id)).toEqual([2, 3]);
    await vi.advanceTimersByTimeAsync(5000);
    expect($popups.get().index).toBe(1);
    home.stepPopup(-1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect($popups.get().index).toBe(0);
    home.closePopups();
    expect(JSON.parse(localStorage.getItem('popupB')!)).toEqual({ show: false, data: ['P2,<p>2</p>', 'P3,<p>3</p>'] });
    home.exit();
    // Next visit: the same list stays closed; a new popup opens it again.
    const again = mount();
    await vi.advanceTimersByTimeAsync(500);
    expect(again.$popups.get().open).toBe(false);
    again.exit();
    vi.mocked(getAnnouncements).mockResolvedValue(groups([popup(2, 'B'), popup(3, 'B'), popup(5, 'B')]));
    const third = mount();
    await vi.advanceTimersByTimeAsync(500);
    expect(third.$popups.get().open).toBe(true);
  });

  it('shows a member the A popups, and F too on the first login; the promotion action leads members to the reward centre', async () => {
    vi.mocked(getAnnouncements).mockResolvedValue(groups([popup(1, 'A', 'TOURNAMENT'), popup(2, 'B'), popup(4, 'F')]));
    $session.set({ ...member, firstTimeLogin: true });
    const { $popups, togglePopup, openRewardCentre } = mount();
    await vi.advanceTimersByTimeAsync(500);
    expect($popups.get().list.map((p) => p.id)).toEqual([1, 4]);
    togglePopup(0);
    expect($popups.get()).toMatchObject({ index: null, autoplay: false });
    openRewardCentre();
    expect($openedPage.get()).toBe('/m/rewardCenter');
    expect($popups.get().open).toBe(false);
  });

  it('shows nothing when the list cannot be read', async () => {
    vi.mocked(getAnnouncements).mockRejectedValue(new Error('offline'));
    const { $popups } = mount();
    await vi.advanceTimersByTimeAsync(600);
    expect($popups.get().open).toBe(false);
  });

  it('leaving home stops the 500 ms wait, the autoplay and the session listener, and drops a list that arrives later', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(getAnnouncements).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    const late = mount();
    late.exit();
    answer(groups([popup(2, 'B'), popup(3, 'B')]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(late.$popups.get().open).toBe(false);
    $session.set(member);
    expect(getAnnouncements).toHaveBeenCalledTimes(1);

    $session.set(null);
    vi.mocked(getAnnouncements).mockResolvedValue(groups([popup(6, 'B'), popup(7, 'B')]));
    const shown = mount();
    await vi.advanceTimersByTimeAsync(500);
    expect(shown.$popups.get()).toMatchObject({ open: true, index: 0 });
    shown.exit();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown.$popups.get().index).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('agent contract prompts and screens (store)', () => {
  const pending = { dailysalreqtype: '7', divtypereq: '8', divtypecompperiodreq: '8', contracthoursalreq: '', realtimesalreqtype: '', offers: [{ id: 7, kind: 'daily', terms: '<p>t</p>', createdAt: 1 }] } as never;
  let home: HomePage;
  beforeEach(() => {
    switchesOn(true);
    home = homePage();
  });
  afterEach(() => {
    home.exit();
    $session.set(null);
    vi.clearAllMocks();
  });

  it('prompts a qualifying agent about each pending contract; Cancel moves on, Go opens the contract screen', async () => {
    $session.set(member);
    vi.mocked(getContractRequests).mockResolvedValue(pending);
    const { $contractPrompts, checkContractPrompts, cancelContractPrompt, goContractPrompt } = home;
    await checkContractPrompts();
    expect($contractPrompts.get()).toEqual(['daily', 'dividend']);
    cancelContractPrompt();
    expect($contractPrompts.get()).toEqual(['dividend']);
    goContractPrompt();
    expect($openedPage.get()).toBe('/m/member/agent/getDevidendContract');
  });

  it('asks nobody without a session, a trial member (type 4) or with AGENTPOLICY3 off', async () => {
    const { $contractPrompts, checkContractPrompts } = home;
    await checkContractPrompts();
    $session.set({ ...member, type: 4 });
    await checkContractPrompts();
    $session.set(member);
    switchesOn(false);
    await checkContractPrompts();
    expect(getContractRequests).not.toHaveBeenCalled();
    expect($contractPrompts.get()).toEqual([]);
  });

  it('pending contracts that arrive after leaving home prompt nobody', async () => {
    $session.set(member);
    let answer: (value: unknown) => void = () => {};
    vi.mocked(getContractRequests).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    const checked = home.checkContractPrompts();
    home.exit();
    answer(pending);
    await checked;
    expect(home.$contractPrompts.get()).toEqual([]);
  });

  it('shows the pending offer and accepts it; an answered offer shows the server code', async () => {
    $session.set(member);
    const screen = contractScreenPage();
    vi.mocked(getContractRequests).mockResolvedValue(pending);
    await screen.load('daily');
    expect(screen.$contractScreen.get()).toMatchObject({ status: 'pending', offer: { id: 7, terms: '<p>t</p>' } });
    vi.mocked(decideContract).mockRejectedValueOnce(new ApiRequestError(409, 'contract_decided', null));
    await screen.answer('daily', true);
    expect(screen.$contractScreen.get()).toMatchObject({ status: 'pending', errorCode: 'contract_decided', busy: false });
    vi.mocked(decideContract).mockResolvedValueOnce('accepted');
    await screen.answer('daily', true);
    expect(decideContract).toHaveBeenLastCalledWith('daily', 7, true);
    expect(screen.$contractScreen.get()).toEqual({ status: 'answered', decision: 'accepted' });
    await screen.load('hourly');
    expect(screen.$contractScreen.get()).toEqual({ status: 'none' });
  });
});
