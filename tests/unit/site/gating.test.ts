import { describe, expect, it } from 'vitest';
import { apiGateFor, GATE_PAGES, gateFor, isRestrictedRegion, normaliseCountry, PLAY_OR_MONEY_CALLS } from '../../../worker/model/gating';
import { siteCacheMs } from '../../../worker/middleware/merchant';

const open = { maintenance: false, restrictedRegions: [] };

// Rows quote player-shell §4 App status, status-cache reading: "0 normal, 1 maintenance (also when both
// maintenance and region restriction), 2 region-restricted only".
describe('which gate a page request meets', () => {
  it.each([
    ['normal: no maintenance, visitor not restricted', open, 'VN', null],
    ['maintenance', { maintenance: true, restrictedRegions: [] }, 'VN', 'maintenance'],
    ['maintenance also when both apply', { maintenance: true, restrictedRegions: ['US'] }, 'US', 'maintenance'],
    ['region-restricted only', { maintenance: false, restrictedRegions: ['US', 'FR'] }, 'FR', 'restricted'],
    ['restricted regardless of case', { maintenance: false, restrictedRegions: ['us'] }, ' Us ', 'restricted'],
    ['a country not in the list passes', { maintenance: false, restrictedRegions: ['US'] }, 'GB', null],
    ['an unknown country (no header) passes', { maintenance: false, restrictedRegions: ['US'] }, undefined, null],
    ['an empty header passes', { maintenance: false, restrictedRegions: ['US'] }, '', null],
  ] as const)('%s', (_name, site, country, gate) => {
    expect(gateFor(site, country)).toBe(gate);
  });
});

describe('region restriction', () => {
  it('matches Cloudflare special codes like T1 (Tor) when the operator lists them', () => {
    expect(isRestrictedRegion(['T1'], 't1')).toBe(true);
    expect(isRestrictedRegion(['T1'], 'XX')).toBe(false);
  });

  it('normalises the CF-IPCountry header to upper case without spaces', () => {
    expect(normaliseCountry(' fr ')).toBe('FR');
    expect(normaliseCountry(null)).toBe('');
  });
});

describe('gate pages', () => {
  it('serves maintenance as 503 and a restricted region as 451 from their own build files', () => {
    expect(GATE_PAGES.maintenance).toEqual({ file: '/m/maintenance.html', status: 503 });
    expect(GATE_PAGES.restricted).toEqual({ file: '/m/restricted.html', status: 451 });
  });
});

describe('how long a site\'s settings are cached (SITE_CACHE_SECONDS)', () => {
  it.each([
    [undefined, 30_000],
    ['2', 2_000],
    ['0', 0],
    ['-5', 30_000],
    ['1.5', 30_000],
    ['soon', 30_000],
  ] as const)('%s → %i ms', (value, ms) => {
    expect(siteCacheMs({ SITE_CACHE_SECONDS: value })).toBe(ms);
  });
});

describe('gating of the API (worker/edge/pages/api-gate.ts)', () => {
  const maintenance = { maintenance: true, restrictedRegions: ['FR'] };
  const restricted = { maintenance: false, restrictedRegions: ['FR'] };

  it('during maintenance refuses every call but the status calls and what the maintenance page reads', () => {
    for (const path of ['/wps/system/status', '/wps/v2/system/status', '/wps/system/whitelabel', '/wps/system/domainRoute', '/wps/system/status/', '/wps/playdeck/payments/notify/demo']) {
      expect(apiGateFor(maintenance, 'FR', 'GET', path), path).toBeNull();
    }
    for (const path of ['/wps/member/info', '/wps/session/login', '/lgw/games', '/wps/game/launchGame', '/wps/system/statusX']) {
      expect(apiGateFor(maintenance, null, 'GET', path), path).toBe('maintenance');
    }
  });

  it('from a restricted region refuses exactly the calls that play or move money', () => {
    for (const call of PLAY_OR_MONEY_CALLS) {
      expect(apiGateFor(restricted, 'fr', call.method === '*' ? 'POST' : call.method, call.path), call.path).toBe('restricted');
      expect(apiGateFor(restricted, 'DE', call.method === '*' ? 'POST' : call.method, call.path), call.path).toBeNull();
      expect(apiGateFor(restricted, '', call.method === '*' ? 'POST' : call.method, call.path), call.path).toBeNull();
    }
    expect(apiGateFor(restricted, 'FR', 'HEAD', '/wps/game/launchGame')).toBe('restricted');
    for (const [method, path] of [['GET', '/wps/system/status'], ['GET', '/wps/wallets/gcs'], ['GET', '/lgw/games'], ['PUT', '/lgw/orders/suborders/cancel'], ['POST', '/wps/session/login'], ['GET', '/wps/transaction/withdraw']]) {
      expect(apiGateFor(restricted, 'FR', method!, path!), path).toBeNull();
    }
  });
});
