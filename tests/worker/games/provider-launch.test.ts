import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember, pickGame } from '../fixtures';
import { expectLedgerInvariants, moneyOf } from '../money-invariants';
import { recordingOutbound } from '../sms-fixtures';
import { makeProvider, type ProviderStandIn } from './provider-standin';
import { putVendorProvider } from '../../../worker/db/queries/provider-wallet';
import { verifyPayload } from '../../../worker/services/wallet/payments/signature';

const GLS = 'launchMode=GLS&platform=html5&clientType=2&confirmTrans=0&webView=false&language=EN';

interface LaunchBody {
  mode: 'real' | 'free';
  launchToken: string | null;
  gameCode: string;
  playerId: string;
  currency: string;
  language: string;
  returnUrl: string;
  device: string;
  walletUrl: string;
}

/**
 * A provider's launch endpoint as a stand-in server (bound as OUTBOUND): it checks PlayDeck's signature, and for a
 * real-money launch authenticates the token at PlayDeck's wallet and plays one round (bet 1.00, win 2.50) before it
 * answers the game's URL, as a studio's server would when the player's first spin comes in.
 */
function providerServer(provider: ProviderStandIn, options: { answer?: (body: LaunchBody) => Response } = {}) {
  const played: { sessionId: string; results: unknown[] }[] = [];
  const server = recordingOutbound(async (request) => {
    const text = await request.text();
    if (!(await verifyPayload(provider.secret, request.headers.get('X-Timestamp'), request.headers.get('X-Signature'), text))) {
      return new Response('bad signature', { status: 401 });
    }
    const body = JSON.parse(text) as LaunchBody;
    if (options.answer) return options.answer(body);
    if (body.mode === 'real' && body.launchToken) {
      const auth = await provider.post<{ sessionId: string; playerId: string }>('authenticate', { launchToken: body.launchToken });
      const round = { sessionId: auth.body.sessionId, playerId: auth.body.playerId, roundId: 'r1', gameCode: body.gameCode, currency: body.currency };
      const bet = await provider.post('debit', { ...round, transactionId: 'bet-1', amount: '1.00' });
      const win = await provider.post('credit', { ...round, transactionId: 'win-1', amount: '2.50', roundClosed: true });
      played.push({ sessionId: auth.body.sessionId, results: [auth.body, bet.body, win.body] });
    }
    return Response.json({ url: `https://studio.example/play/${body.gameCode}?mode=${body.mode}` });
  });
  return { ...server, played };
}

describe('launching a game provider\'s game (docs/game-providers.md "Launch")', () => {
  let vassalage = '';
  afterEach(async () => {
    await env.DB.prepare(`DELETE FROM provider_vendors WHERE merchant_code = 'DEMO' AND vassalage = ?`).bind(vassalage).run();
  });

  it('asks the provider for the URL with a one-time token; its server plays a round through the wallet', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0`);
    vassalage = game.vassalage;
    const provider = await makeProvider();
    await putVendorProvider(env.DB, 'DEMO', game.vassalage, provider.code);
    const server = providerServer(provider);
    const member = await createMember({ balanceMinor: 5_000 });
    const res = await call<{ content: { game_url: string; freePlay: boolean } }>(`/wps/game/launchGame?${GLS}&nodeId=${game.node_id}&accountType=1`, {
      token: member.token, env: { OUTBOUND: server.binding, [provider.secretName]: provider.secret }, headers: { Language: 'AR' },
    });
    expect(res.status).toBe(200);
    expect(res.body.value.content).toMatchObject({ game_url: `https://studio.example/play/${game.game_id}?mode=real`, freePlay: false });
    const sent = JSON.parse(server.requests[0]!.body) as LaunchBody;
    expect(server.requests[0]!.url).toBe('https://studio.example/launch');
    expect(sent).toMatchObject({ mode: 'real', gameCode: game.game_id, playerId: String(member.memberId), currency: 'USD', language: 'AR' });
    expect(sent.walletUrl).toBe(`http://127.0.0.1/wps/playdeck/games/wallet/${provider.code}`);
    expect(server.played[0]!.results[2]).toMatchObject({ status: 'OK', balance: '51.50' });
    expect((await moneyOf(member.memberId)).balance).toBe(5_150);
    await expectLedgerInvariants(member.memberId, 5_000);
    // The token was good once: a second authenticate with it is refused.
    const again = await provider.post('authenticate', { launchToken: sent.launchToken });
    expect(again.body).toMatchObject({ status: 'ERROR', errorCode: 'INVALID_TOKEN' });
  });

  it('sends no token for free play, so free play never touches the wallet', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0`);
    vassalage = game.vassalage;
    const provider = await makeProvider();
    await putVendorProvider(env.DB, 'DEMO', game.vassalage, provider.code);
    const server = providerServer(provider);
    const member = await createMember({ balanceMinor: 5_000 });
    const res = await call<{ content: { game_url: string; freePlay: boolean } }>(`/wps/game/launchGame?${GLS}&nodeId=${game.node_id}&accountType=0`, {
      token: member.token, env: { OUTBOUND: server.binding, [provider.secretName]: provider.secret },
    });
    expect(res.body.value.content).toMatchObject({ freePlay: true });
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ mode: 'free', launchToken: null });
    expect(await moneyOf(member.memberId)).toMatchObject({ balance: 5_000, entries: 0 });
  });

  it('answers 502 game_provider_unavailable when the provider refuses or answers no URL, and 409 for a currency it does not play', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0`);
    vassalage = game.vassalage;
    const provider = await makeProvider('DEMO', { currencies: ['EUR'] });
    await putVendorProvider(env.DB, 'DEMO', game.vassalage, provider.code);
    const member = await createMember({ balanceMinor: 5_000 });
    const launch = (answer: () => Response) => call(`/wps/game/launchGame?${GLS}&nodeId=${game.node_id}&accountType=1`, {
      token: member.token, env: { OUTBOUND: providerServer(provider, { answer }).binding, [provider.secretName]: provider.secret },
    });
    const currency = await launch(() => Response.json({ url: 'https://studio.example/x' }));
    expect([currency.status, currency.body.errorCode]).toEqual([409, 'game_currency_unavailable']);
    await env.DB.prepare(`UPDATE game_providers SET currencies = '["USD"]' WHERE code = ?`).bind(provider.code).run();
    for (const answer of [() => new Response('oops', { status: 500 }), () => Response.json({ link: 'x' }), () => Response.json({ url: 'javascript:alert(1)' })]) {
      const res = await launch(answer);
      expect([res.status, res.body.errorCode]).toEqual([502, 'game_provider_unavailable']);
    }
  });
});
