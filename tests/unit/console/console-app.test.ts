import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedFields, dataProvider, queryString } from '../../../src/console/dataProvider';
import { ConsoleApiError, type ConsoleArea } from '../../../src/console/registry';
import { setMe } from '../../../src/console/session';
import { visibleAreas } from '../../../src/console/visible';

/**
 * The back office app's pure parts (docs/back-office.md "The back office app"): which areas the menu shows, and the
 * data provider's mapping onto the console API's conventions (src/console/registry.ts).
 */
const area = (name: string, permission: ConsoleArea['permission'], upstream: boolean): ConsoleArea => ({ name, permission, upstream });
const AREAS = [area('players', 'players.read', false), area('content', 'content.read', true), area('audit', 'audit.read', true), area('reports', 'reports.read', false)];

describe('visible areas', () => {
  it('follow the role and, on an upstream site, only the upstream areas', () => {
    expect(visibleAreas(AREAS, 'owner', false).map((a) => a.name)).toEqual(['players', 'content', 'audit', 'reports']);
    expect(visibleAreas(AREAS, 'owner', true).map((a) => a.name)).toEqual(['content', 'audit']);
    expect(visibleAreas(AREAS, 'support', false).map((a) => a.name)).toEqual(['players']);
    expect(visibleAreas(AREAS, 'content', false).map((a) => a.name)).toEqual(['content']);
    expect(visibleAreas(AREAS, null, false)).toEqual([]);
    expect(visibleAreas(AREAS, 'intruder', false)).toEqual([]);
  });
});

describe('data provider', () => {
  const fetchMock = vi.fn<typeof fetch>();
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    setMe(null);
  });
  const answer = (status: number, body: unknown) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

  it('writes queries without empty values, arrays comma-joined, objects as JSON', () => {
    expect(queryString({ page: 2, q: '', none: undefined, ids: [1, 2], range: { a: 1 } })).toBe('?page=2&ids=1%2C2&range=%7B%22a%22%3A1%7D');
    expect(queryString({})).toBe('');
    expect(changedFields({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], c: 'x' })).toEqual({ b: [1] });
    expect(changedFields({ a: 1 })).toEqual({ a: 1 });
  });

  it('maps getList to page/perPage/sort/order and { items, total }, and state changes carry the CSRF token', async () => {
    vi.stubGlobal('fetch', fetchMock);
    setMe({ name: 'A', merchant: 'Demo', csrfToken: 'tok', role: 'owner', sites: ['DEMO'], totpEnabled: true, enrolRequired: false });
    answer(200, { success: true, value: { items: [{ id: 1 }], total: 7 }, errorCode: '', message: 'ok' });
    const list = await dataProvider.getList('audit', { pagination: { page: 2, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: { action: 'chat.*' } });
    expect(list).toEqual({ data: [{ id: 1 }], total: 7 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/console/api/audit?action=chat.*&page=2&perPage=25&sort=id&order=DESC');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-CSRF-Token')).toBeNull();

    answer(200, { success: true, value: { id: 5, status: 'suspended' }, errorCode: '', message: 'ok' });
    await dataProvider.action('players', 5, 'suspend', { reason: 'fraud' });
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect([url, init?.method, init?.body]).toEqual(['/console/api/players/5/suspend', 'POST', '{"reason":"fraud"}']);
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('tok');

    answer(200, { success: true, value: { id: 5, note: 'b' }, errorCode: '', message: 'ok' });
    await dataProvider.update('players', { id: 5, data: { id: 5, note: 'b', name: 'x' }, previousData: { id: 5, note: 'a', name: 'x' } });
    expect([fetchMock.mock.calls[2]?.[0], fetchMock.mock.calls[2]?.[1]?.method, fetchMock.mock.calls[2]?.[1]?.body]).toEqual(['/console/api/players/5', 'PUT', '{"note":"b"}']);
  });

  it('throws refusals as ConsoleApiError with the envelope\'s code, message and value', async () => {
    vi.stubGlobal('fetch', fetchMock);
    answer(403, { success: false, value: null, errorCode: 'console_role_forbidden', message: 'Your role may not do this' });
    const refused = await dataProvider.get('reports/daily').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConsoleApiError);
    expect(refused).toMatchObject({ status: 403, errorCode: 'console_role_forbidden', message: 'Your role may not do this' });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    expect(await dataProvider.get('x').catch((e: unknown) => e)).toMatchObject({ status: 502, errorCode: 'internal_error' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await dataProvider.get('x').catch((e: unknown) => e)).toMatchObject({ status: 0, errorCode: 'network_error' });
  });
});
