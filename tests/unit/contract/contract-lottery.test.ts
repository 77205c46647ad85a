import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelOrders, getDrawHistory, getLotteryDraws, getLotteryGame, getLotteryGames, getNearNumeros, getOrderDetail, getOrderInfo, placeBetting,
  searchOrders, todayOrders,
} from '../../../src/api/lottery';
import { ApiRequestError } from '../../../src/api/client';
import { base64Utf8 } from '../../../contract/headers';
import { $session } from '../../../src/stores/concepts/session';

const order = {
  orderId: 7, orderNumber: '7', nodeId: 3001, gameId: 'G1', gameName: 'Game', issueNo: '20260101-0001', prizeMode: 'ELOTT',
  status: 'open', totalStake: 12.34, payout: 0, refund: 0.5, createdAt: 1, settledAt: null, closeAt: 2, drawAt: 3,
};
const draw = { issueNo: '20260101-0001', openAt: 0, closeAt: 2, drawAt: 3, commitment: 'c', status: 'open', digits: null, secret: null };
const sub = { subOrderId: 70, betType: 'digit', selection: { position: 1, digit: 7 }, stake: 12.34, oddsMilli: 9750, status: 'open', payout: 0, closedAt: null };
const detail = { ...order, subOrders: [sub], draw };
const page = { content: [order], totalPages: 1, totalElements: 1, number: 0, size: 20 };
const game = {
  nodeId: 3001, gameId: 'G1', gameName: 'Game', displayName: 'TCG', vassalage: 'TCG', gameType: 'LOTT', gameGroupId: null, lottoMode: 'Tradition',
  minStake: 1, maxStake: 5000, maxPayout: 100000.5, playTypes: ['trad'], prizeModes: ['ELOTT'], intervalMs: 60_000, closeBeforeMs: 10_000,
  current: { issueNo: '20260101-0001', openAt: 0, closeAt: 2, drawAt: 3 }, nextCloseAt: 2,
};
const envelope = (value: unknown) => ({ success: true, value, message: 'ok', errorCode: '' });

let answer: unknown;
let status = 200;
const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  status = 200;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  $session.set({ token: 'tok123', merchantCode: 'DEMO', userName: 'player1', type: 0, firstTimeLogin: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $session.set(null);
});

/** What the last fetch sent: method, path with query, parsed JSON body, headers. */
function sent() {
  const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
  const headers = init.headers as Record<string, string>;
  return { method: init.method, url, body: init.body ? JSON.parse(String(init.body)) as unknown : undefined, headers };
}

describe('lottery client wrappers send the platform\'s method, path, body and headers (platform-contract.md §4, §1.2)', () => {
  it.each<[string, () => Promise<unknown>, unknown, string, string, unknown, Record<string, unknown>]>([
    ['order search', () => searchOrders({ orderStatus: 'open', gameId: 'G1', page: 1, size: 9 }), { orders: page },
      'POST', '/lgw/orders', { page: 1, size: 9, orderStatus: 'open', gameId: 'G1' },
      { content: [expect.objectContaining({ totalStakeMinor: 1234, refundMinor: 50, payoutMinor: 0 })] }],
    ['today\'s orders', () => todayOrders({ gameId: 'G1' }), { orders: page },
      'GET', '/lgw/orders/today?page=0&size=50&gameId=G1', undefined, { totalElements: 1 }],
    ['order detail', () => getOrderDetail(7), detail,
      'GET', '/lgw/orders/detail/7', undefined, { orderId: 7, totalStakeMinor: 1234, subOrders: [expect.objectContaining({ stakeMinor: 1234 })] }],
    ['order info', () => getOrderInfo(7, 0, 10), { orderDetails: { ...page, content: [sub] } },
      'GET', '/lgw/orders/detail/7/info?page=0&size=10', undefined, { content: [expect.objectContaining({ stakeMinor: 1234, payoutMinor: 0 })] }],
    ['cancel', () => cancelOrders([70, 71]), { orders: [detail], balance: 99.99 },
      'PUT', '/lgw/orders/suborders/cancel', [70, 71], { balanceMinor: 9999 }],
    ['betting', () => placeBetting({
      gameId: 'G1', issueNo: '20260101-0001', prizeMode: 'ELOTT', idempotencyKey: 'key-12345678',
      items: [{ betType: 'digit', selection: { position: 1, digit: 7 }, stakeMinor: 1000 }, { betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 234 }],
    }), { order: detail, balance: 1.5, replayed: false },
      'POST', '/lgw/orders/betting', {
        gameId: 'G1', currentNumero: '20260101-0001', winningStop: false, abandoning: false, betCartAmountSum: 12.34, chase: false,
        device: 'H5', orderType: 'NORMAL', quickChase: false, prizeModeId: 'ELOTT', bettingSlipString: 'digit|1:7|10;dragon_tiger|tie|2.34',
      }, { balanceMinor: 150, replayed: false }],
    ['games', () => getLotteryGames({ vassalage: 'TCG' }), { serverTime: 5, list: [game] },
      'GET', '/lgw/games?vassalage=TCG', undefined, { list: [expect.objectContaining({ minStakeMinor: 100, maxPayoutMinor: 10_000_050 })] }],
    ['game setting', () => getLotteryGame('G1'), { ...game, betTypes: [], odds: {} },
      'GET', '/lgw/games/G1/setting', undefined, { maxStakeMinor: 500_000 }],
    ['draw history', () => getDrawHistory('G1', 1, 5), { draws: { content: [draw], totalPages: 2, totalElements: 6, number: 1, size: 5 } },
      'GET', '/lgw/draw/G1?page=1&size=5', undefined, { number: 1, content: [draw] }],
    ['near numeros', () => getNearNumeros('G1'), { gameId: 'G1', serverTime: 5, current: draw, previous: null },
      'GET', '/lgw/numeros/near?gameId=G1', undefined, { current: draw }],
    ['draws (extension)', () => getLotteryDraws({ nodeId: 3001 }), envelope({ nodeId: 3001, serverTime: 5, current: draw, results: [] }),
      'GET', '/wps/playdeck/lottery/draws?nodeId=3001', undefined, { nodeId: 3001 }],
  ])('%s', async (_name, run, reply, method, path, body, expected) => {
    answer = reply;
    const value = await run();
    const request = sent();
    expect(request.method).toBe(method);
    expect(request.url).toBe(path);
    expect(request.body).toEqual(body);
    expect(request.headers).toMatchObject({ Merchant: 'DEMO', Language: 'EN' });
    // Gateway calls carry the bare token (never `Bearer …`); the public extension reads send none.
    expect(request.headers.Authorization).toBe(path.startsWith('/lgw/') ? 'tok123' : undefined);
    expect(request.headers['X-Real-UA']).toBe(base64Utf8(navigator.userAgent));
    expect(request.headers).not.toHaveProperty('ModuleId');
    expect(request.headers).not.toHaveProperty('Device');
    expect(value).toMatchObject(expected);
  });

  it('sends the betting idempotency key as the Idempotency-Key header, never in the body', async () => {
    answer = { order: detail, balance: 0, replayed: true };
    await placeBetting({ gameId: 'G1', issueNo: '20260101-0001', prizeMode: 'LOTT', idempotencyKey: 'key-abcdefgh', items: [{ betType: 'sum_value', selection: { sum: 17 }, stakeMinor: 100 }] });
    expect(sent().headers['Idempotency-Key']).toBe('key-abcdefgh');
    expect(sent().body).not.toHaveProperty('idempotencyKey');
  });

  it('reads a gateway refusal as { errorCode } with its status', async () => {
    answer = { errorCode: 'draw_closed', message: 'closed' };
    status = 409;
    await expect(cancelOrders([1])).rejects.toEqual(new ApiRequestError(409, 'draw_closed', null));
    await expect(cancelOrders([1])).rejects.toMatchObject({ status: 409, errorCode: 'draw_closed' });
  });
});
