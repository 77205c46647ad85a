import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/index';

const app = createApp();

/** The newest message of the local e-mail outbox to `to`, or null. */
export async function lastMail(to: string): Promise<string | null> {
  const row = await env.DB.prepare(`SELECT body FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1`).bind(to).first<{ body: string }>();
  return row?.body ?? null;
}

/** The confirmation link in a mail body (services/accounts/email-binding.ts confirmLink), or ''. */
export const confirmLinkOf = (body: string | null) => /(http\S+\/wps\/playdeck\/email\/confirm\?token=[A-Za-z0-9_%-]+)/.exec(body ?? '')?.[1] ?? '';

/** Opens a link as the mail's reader would (no redirect followed): the status and where it leads. */
export async function openLink(url: string): Promise<{ status: number; location: string }> {
  const ctx = createExecutionContext();
  const response = await app.request(url, { redirect: 'manual' }, env, ctx);
  await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, location: response.headers.get('Location') ?? '' };
}

/** Opens the confirmation link of the newest mail to `address` (binds it); returns where it leads. */
export async function confirmEmail(address: string): Promise<string> {
  const link = confirmLinkOf(await lastMail(address));
  if (!link) throw new Error(`no confirmation link mailed to ${address}`);
  return (await openLink(link)).location;
}
