import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consolidatedSettingsValue } from '../../../contract/calls/system';
import { currencySymbolOf, readSiteSettings } from '../../../src/lib/siteSettings';
import { $settings, $settingsFailed, $status, $statusFailed, refreshSettings, refreshStatus, retrySettings, retryStatus } from '../../../src/stores/concepts/settings';

/** The platform's consolidated answer (platform-contract.md §3; the four fields the platform sends). */
const PLATFORM = { merchantCode: 'DEMO', currency: 'USD', promotion: { REFERRAL: '1', MISSION: '0' }, mobileTemplate: { mem_cen: '1', dep_func: '0' } };
/** The built-in API's answer: the platform's fields and PlayDeck's own. */
const BUILT_IN = {
  merchantCode: 'DEMO', currency: 'USD', promotion: { REFERRAL: { enabled: true }, MISSION: { enabled: false }, LOGIN: { enabled: true } },
  mobileTemplate: { mem_cen: '0', dep_func: '1' }, name: 'Demo', currencySymbol: 'US$', theme: 'dark', switches: { CBS3: true, FREEPLAY3: false },
};
/** A status answer (§2) whose whitelabel tree and templates stand in for what the platform's settings lack. */
const STATUS = {
  info: {
    customerService: [], domainRoute: { version: { pathList: [] }, domainList: [] }, mobileTemplate: { mem_cen: '0', dep_func: '1' },
    paths: {}, register: {}, resources: [], mainDomain: 'demo.test', imageCDNs: [], launchGameCDNs: [], analytics: {},
    whitelabel: [{ modId: 'CBS3', enabled: '1', childrenNodes: [{ modId: 'INBOX3', enabled: '1', childrenNodes: [] }] }, { modId: 'REWCEN3', enabled: '0', childrenNodes: [] }],
  },
  location: { ip: '203.0.113.9' },
  maintenance: false,
  regionRestriction: false,
};

describe('reading the consolidated settings (platform-contract.md §3, shape not found: read tolerantly)', () => {
  it('reads the platform\'s answer, taking switches from the status tree over the page\'s, templates from its own mobileTemplate', () => {
    const settings = readSiteSettings(PLATFORM, { whitelabel: STATUS.info.whitelabel, mobileTemplate: STATUS.info.mobileTemplate, pageSwitches: { FREEPLAY3: true, REWCEN3: true } });
    expect(settings).toEqual({
      merchantCode: 'DEMO', name: '', currency: 'USD', currencySymbol: '$',
      switches: { FREEPLAY3: true, REWCEN3: false, CBS3: true, INBOX3: true },
      promotions: { REFERRAL: { enabled: true }, MISSION: { enabled: false } },
      templates: { mem_cen: 1, dep_func: 0 },
    });
  });

  it('takes the status answer\'s templates when the answer has none, and the page\'s switches when nothing else says', () => {
    const { mobileTemplate: _left, ...bare } = PLATFORM;
    expect(readSiteSettings(bare, { mobileTemplate: STATUS.info.mobileTemplate })?.templates).toEqual({ mem_cen: 0, dep_func: 1 });
    expect(readSiteSettings(bare, { pageSwitches: { CBS3: true } })?.switches).toEqual({ CBS3: true });
    expect(readSiteSettings(bare)?.templates).toEqual({ mem_cen: 0, dep_func: 0 });
  });

  it('reads the built-in answer with its own switches, symbol and name', () => {
    expect(readSiteSettings(BUILT_IN, { whitelabel: STATUS.info.whitelabel })).toEqual({
      merchantCode: 'DEMO', name: 'Demo', currency: 'USD', currencySymbol: 'US$', switches: { CBS3: true, FREEPLAY3: false },
      promotions: { REFERRAL: { enabled: true }, MISSION: { enabled: false }, LOGIN: { enabled: true } },
      templates: { mem_cen: 0, dep_func: 1 },
    });
  });

  it('gives the narrow symbol of a currency code, "" for an unknown one', () => {
    expect(currencySymbolOf('USD')).toBe('$');
    expect(currencySymbolOf('not a code')).toBe('');
  });

  // The browser carries no zod (contract/schema-stub.ts): the reader must accept what the contract's schema
  // accepts and refuse what it refuses (a value the screens cannot use at all).
  it.each([
    ['the platform\'s answer', PLATFORM],
    ['the built-in answer', BUILT_IN],
    ['only merchant and currency', { merchantCode: 'DEMO', currency: 'USD' }],
    ['unknown fields besides', { ...PLATFORM, somethingNew: [1, 2] }],
    ['null', null],
    ['a list', [PLATFORM]],
    ['a string', 'settings'],
    ['no merchant code', { currency: 'USD' }],
    ['a numeric currency', { merchantCode: 'DEMO', currency: 840 }],
  ])('agrees with the contract schema: %s', (_name, value) => {
    expect(readSiteSettings(value) !== null).toBe(consolidatedSettingsValue.safeParse(value).success);
  });
});

// The settings and status stores in a page: fetch answers by path; the page's switches are in <html data-switches>.
function envelope(value: unknown, status = 200, errorCode = ''): Response {
  return new Response(JSON.stringify({ success: status === 200, value, message: '', errorCode }), { status, headers: { 'Content-Type': 'application/json' } });
}
let answers: Record<string, () => Response>;
let htmlSwitches: string | null;
const storage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

beforeEach(() => {
  answers = {};
  htmlSwitches = 'FREEPLAY3';
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (answers[new URL(url, 'http://demo.test').pathname] ?? (() => envelope(null, 404, 'function.not.available')))()));
  vi.stubGlobal('window', { location: new URL('http://demo.test/m/member/home') });
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('document', {
    getElementById: () => null,
    body: { dataset: { route: 'member/home' } },
    documentElement: {
      getAttribute: (name: string) => (name === 'data-switches' ? htmlSwitches : null),
      setAttribute: (name: string, value: string) => {
        if (name === 'data-switches') htmlSwitches = value;
      },
    },
  });
  $settings.set(null);
  $status.set(null);
  $settingsFailed.set(false);
  $statusFailed.set(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  $settings.set(null);
  $status.set(null);
});

const SETTINGS_PATH = '/wps/system/settings/consolidated';
const STATUS_PATH = '/wps/v2/system/status';

describe('the settings store (member centre, message centre, side menu, register and login tabs read it)', () => {
  it('a valid platform answer: switches from the status answer, templates from the settings; the page follows', async () => {
    answers[SETTINGS_PATH] = () => envelope(PLATFORM);
    answers[STATUS_PATH] = () => envelope(STATUS);
    await refreshSettings();
    expect($settingsFailed.get()).toBe(false);
    expect($settings.get()?.switches).toEqual({ FREEPLAY3: true, CBS3: true, INBOX3: true, REWCEN3: false });
    expect($settings.get()?.templates.mem_cen).toBe(1);
    expect($status.get()?.location.ip).toBe('203.0.113.9');
    expect(htmlSwitches).toBe('CBS3 FREEPLAY3 INBOX3');
  });

  it('a valid built-in answer needs no status call', async () => {
    answers[SETTINGS_PATH] = () => envelope(BUILT_IN);
    await refreshSettings();
    expect($settings.get()?.switches).toEqual({ CBS3: true, FREEPLAY3: false });
    expect(vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://demo.test').pathname)).toEqual([SETTINGS_PATH]);
  });

  it('a valid envelope with a wrong-shaped value: the error state, no exception, the page keeps its switches', async () => {
    for (const value of [['DEMO'], 'DEMO', { merchantCode: 7 }, null]) {
      answers[SETTINGS_PATH] = () => envelope(value);
      await expect(refreshSettings()).resolves.toBeUndefined();
      expect($settingsFailed.get()).toBe(true);
      expect($settings.get()).toBeNull();
      expect(htmlSwitches).toBe('FREEPLAY3');
    }
  });

  it('a failure: the error state; try again loads them', async () => {
    answers[SETTINGS_PATH] = () => envelope(null, 502, 'upstream_unavailable');
    await refreshSettings();
    expect($settingsFailed.get()).toBe(true);
    answers[SETTINGS_PATH] = () => envelope(BUILT_IN);
    await retrySettings();
    expect($settingsFailed.get()).toBe(false);
    expect($settings.get()?.merchantCode).toBe('DEMO');
  });

  it('the platform\'s settings with the status failing too: the page\'s switches stand in', async () => {
    answers[SETTINGS_PATH] = () => envelope(PLATFORM);
    answers[STATUS_PATH] = () => envelope(null, 500, '');
    await refreshSettings();
    expect($settings.get()?.switches).toEqual({ FREEPLAY3: true });
    expect($statusFailed.get()).toBe(true);
  });
});

describe('the status store (the message centre is built on it)', () => {
  it('a valid answer is kept and cached', async () => {
    answers[STATUS_PATH] = () => envelope(STATUS);
    await refreshStatus();
    expect($status.get()?.info.mainDomain).toBe('demo.test');
    expect($statusFailed.get()).toBe(false);
    expect(localStorage.getItem('status')).toContain('demo.test');
  });

  it('a valid envelope with a wrong-shaped value: the error state, nothing kept', async () => {
    answers[STATUS_PATH] = () => envelope({ info: { whitelabel: { CBS3: true } } });
    await expect(refreshStatus()).resolves.toBeUndefined();
    expect($status.get()).toBeNull();
    expect($statusFailed.get()).toBe(true);
    expect(localStorage.getItem('status')).toBeNull();
  });

  it('a failure: the error state; try again loads it', async () => {
    answers[STATUS_PATH] = () => envelope(null, 502, 'upstream_unavailable');
    await refreshStatus();
    expect($statusFailed.get()).toBe(true);
    answers[STATUS_PATH] = () => envelope(STATUS);
    await retryStatus();
    expect($statusFailed.get()).toBe(false);
    expect($status.get()).not.toBeNull();
  });

  it('a failure with a status already known keeps it and is not an error', async () => {
    $status.set(STATUS as never);
    answers[STATUS_PATH] = () => envelope(null, 502, 'upstream_unavailable');
    await refreshStatus();
    expect($statusFailed.get()).toBe(false);
    expect($status.get()).not.toBeNull();
  });
});
