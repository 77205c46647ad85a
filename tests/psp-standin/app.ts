/**
 * A small stand-in for a real payment service provider (PSP), speaking PlayDeck's HTTP provider protocol
 * (docs/payment-provider.md; worker/services/wallet/payments/http-provider.ts) from the PSP's side, written
 * independently of PlayDeck's code: it checks every request's HMAC-SHA256 signature over `<X-Timestamp>.<body>`, keeps payments and payouts
 * in memory, and signs the notices it sends. Pure fetch handler (WebCrypto only), so worker tests bind it as the
 * OUTBOUND service and a Node server can serve it too.
 */

/** A payment the stand-in holds. */
export interface StandinPayment {
  paymentId: string;
  orderId: string;
  amount: string;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'pending' | 'paid' | 'failed';
}

/** The stand-in: its fetch handler and the knobs a test turns. */
export interface PspStandin {
  fetch(request: Request): Promise<Response>;
  payments: Map<string, StandinPayment>;
  payouts: Map<string, { payoutId: string; amount: string; status: 'paid' | 'failed' | 'pending' }>;
  /** Requests refused for a bad signature. */
  refused: number;
  /** The status the next payouts get (default paid). */
  payoutStatus: 'paid' | 'failed' | 'pending';
  /** Marks an order paid or failed and answers the signed notice the PSP would POST to its notifyUrl. */
  notice(orderId: string, status: 'paid' | 'failed'): Promise<{ url: string; body: string; headers: Record<string, string> }>;
}

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Creates a stand-in PSP with the merchant account `accountId` and the shared HMAC `secret`. */
export function createPspStandin(options: { secret: string; accountId: string; origin?: string }): PspStandin {
  const origin = options.origin ?? 'https://psp.example';
  let counter = 0;
  const standin: PspStandin = {
    payments: new Map(),
    payouts: new Map(),
    refused: 0,
    payoutStatus: 'paid',
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.text() : '';
      const timestamp = request.headers.get('X-Timestamp') ?? '';
      const expected = await hmacHex(options.secret, `${timestamp}.${body}`);
      if (request.headers.get('X-Signature') !== expected || Math.abs(Date.now() - Number(timestamp)) > 300_000) {
        standin.refused += 1;
        return json({ error: 'bad signature' }, 401);
      }
      if (request.method === 'POST' && url.pathname === '/payments') {
        const input = JSON.parse(body) as { accountId: string; orderId: string; amount: string; currency: string; notifyUrl: string; returnUrl: string };
        if (input.accountId !== options.accountId) return json({ error: 'unknown account' }, 400);
        const existing = [...standin.payments.values()].find((p) => p.orderId === input.orderId);
        const payment = existing ?? {
          paymentId: `PSP-${++counter}`, orderId: input.orderId, amount: input.amount, currency: input.currency,
          notifyUrl: input.notifyUrl, returnUrl: input.returnUrl, status: 'pending' as const,
        };
        standin.payments.set(payment.paymentId, payment);
        return json({ paymentId: payment.paymentId, redirectUrl: `${origin}/checkout/${payment.paymentId}` });
      }
      const query = /^\/payments\/(\d+)$/.exec(url.pathname);
      if (request.method === 'GET' && query) {
        const payment = [...standin.payments.values()].find((p) => p.orderId === query[1]);
        if (!payment) return json({ error: 'not found' }, 404);
        return json({ orderId: payment.orderId, paymentId: payment.paymentId, status: payment.status, amount: payment.amount, currency: payment.currency });
      }
      if (request.method === 'POST' && url.pathname === '/payouts') {
        const input = JSON.parse(body) as { payoutId: string; amount: string };
        const existing = standin.payouts.get(input.payoutId);
        const payout = existing ?? { payoutId: input.payoutId, amount: input.amount, status: standin.payoutStatus };
        standin.payouts.set(input.payoutId, payout);
        return json({ payoutId: payout.payoutId, status: payout.status, ...(payout.status === 'failed' ? { reason: 'account closed' } : {}) });
      }
      return json({ error: 'no such route' }, 404);
    },
    async notice(orderId: string, status: 'paid' | 'failed') {
      const payment = [...standin.payments.values()].find((p) => p.orderId === orderId);
      if (!payment) throw new Error(`no payment for order ${orderId}`);
      payment.status = status;
      const body = JSON.stringify({ orderId, paymentId: payment.paymentId, status, amount: payment.amount, currency: payment.currency });
      const timestamp = String(Date.now());
      return { url: payment.notifyUrl, body, headers: { 'X-Timestamp': timestamp, 'X-Signature': await hmacHex(options.secret, `${timestamp}.${body}`) } };
    },
  };
  return standin;
}
