import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { minorToWire } from '../../contract/money';
import { findDepositByPayToken, findPaymentMethod, type DepositRecord } from '../db/queries/payments';
import { applyPaymentNotice } from '../services/wallet/deposits';
import { demoSecret } from '../services/wallet/payments/demo-provider';
import { noticeText } from '../services/wallet/payments/notice';
import { signedHeaders } from '../services/wallet/payments/signature';
import { providerFor } from '../services/wallet/payments/registry';
import { hashToken, newToken } from '../services/crypto/tokens';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The hosted page's HTML: the amount (display text in currency units with 2 decimals), the site, and Confirm /
 * Cancel (a form; no script).
 */
function payPage(deposit: DepositRecord | null, siteName: string, token: string, nonce: string): string {
  const body = !deposit
    ? '<h1>Payment not found</h1><p>This payment link is not valid.</p>'
    : deposit.status !== 'pending'
      ? `<h1>Payment ${escapeHtml(deposit.status)}</h1><p><a href="/m/voucherCenter?deposit=${deposit.id}">Back to ${escapeHtml(siteName)}</a></p>`
      : `<h1>Demo payment</h1>
<p>Pay <strong>${escapeHtml(deposit.currency)} ${minorToWire(deposit.amountMinor).toFixed(2)}</strong> to ${escapeHtml(siteName)}.</p>
<p class="note">Demo provider: no real money moves.</p>
<form method="post" action="/pay/demo/${encodeURIComponent(token)}">
<button name="action" value="confirm" class="primary">Confirm payment</button>
<button name="action" value="cancel">Cancel</button>
</form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Demo payment</title><style nonce="${nonce}">body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#111}
button{font:inherit;padding:.75rem 1.25rem;margin:.25rem .5rem 0 0;border-radius:.5rem;border:1px solid #888;background:#fff}
.primary{background:#0b6e4f;color:#fff;border-color:#0b6e4f}.note{color:#555}</style></head><body>${body}</body></html>`;
}

/**
 * The demo provider's hosted payment page (services/payments/demo-provider.ts), a stand-in for a PSP's own page,
 * in English as a PSP's page would be in its own languages. The path carries the deposit's secret pay token
 * (only its hash is stored), so nobody else can confirm it.
 * - GET /pay/demo/:token → the page (Confirm / Cancel), or "not found".
 * - POST /pay/demo/:token (form `action=confirm|cancel`) → the demo provider signs a `paid` (or `failed`)
 *   notice and delivers it through the same verification a real PSP's notice takes (readNotice →
 *   applyPaymentNotice), then 303 to /m/voucherCenter?deposit=<id>.
 */
export const payPageRouter = new Hono<AppEnv>()
  .get('/demo/:token', async (c) => {
    const token = c.req.param('token');
    const deposit = await findDepositByPayToken(c.env.DB, hashToken(token));
    const nonce = newToken();
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const ours = deposit && deposit.merchantCode === c.var.merchant.code && deposit.provider === 'demo' ? deposit : null;
    return c.html(payPage(ours, c.var.merchant.name, token, nonce), ours ? 200 : 404);
  })
  .post('/demo/:token', async (c) => {
    const deposit = await findDepositByPayToken(c.env.DB, hashToken(c.req.param('token')));
    if (!deposit || deposit.merchantCode !== c.var.merchant.code || deposit.provider !== 'demo') {
      return c.html(payPage(null, c.var.merchant.name, '', newToken()), 404);
    }
    const form = await c.req.parseBody();
    const method = await findPaymentMethod(c.env.DB, deposit.merchantCode, deposit.methodCode);
    if (method && deposit.status === 'pending') {
      const text = noticeText({
        depositId: deposit.id, providerTxnId: `DEMO-${newToken().slice(0, 20)}`, status: form.action === 'confirm' ? 'paid' : 'failed',
        amountMinor: deposit.amountMinor, currency: deposit.currency,
      });
      const origin = new URL(c.req.url).origin;
      const notice = new Request(`${origin}/wps/playdeck/payments/notify/${encodeURIComponent(method.methodCode)}`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', ...(await signedHeaders(demoSecret(c.env), text)) }, body: text,
      });
      await applyPaymentNotice(c.env.DB, method, await providerFor(c.env, method).readNotice(notice));
    }
    return c.redirect(`/m/voucherCenter?deposit=${deposit.id}`, 303);
  });
