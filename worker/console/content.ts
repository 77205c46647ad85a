import { Hono } from 'hono';
import type { Context } from 'hono';
import type { z } from 'zod';
import {
  CONTENT_KINDS, announcementCreateBody, consoleApplicationApproveBody, consoleApplicationRejectBody, announcementUpdateBody, contentActionBody, contentListQuery, contentPreviewBody, helpCreateBody,
  helpUpdateBody, type AnnouncementKind, type ContentKind,
} from '../../contract/calls/console-content';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import {
  createAnnouncementItem, deleteAnnouncementItem, listAnnouncementItems, readAnnouncementItem, setAnnouncementPublication, updateAnnouncementItem,
  type ContentActor, type ContentSite,
} from '../services/content/content-admin';
import { createHelpItem, deleteHelpItem, listHelpItems, readHelpItem, setHelpPublication, updateHelpItem } from '../services/content/content-help-admin';
import { createContentPreview } from '../services/content/content-preview';
import { applicationImage, listApplications, readApplication } from '../services/content/content-applications';
import { decidePromotionApplication, PromotionDecisionRefusal, type PromotionDecisionInput } from '../services/rewards/promotion-decisions';
import { storeArtwork } from '../services/media/content-upload';
import { MEDIA_WIDTHS, type MediaWidth } from '../services/media/media';
import { LANGUAGES } from '../../contract/languageCodes';
import { builtInOnly, can, type ConsoleEnv } from './access';

/**
 * The back office's Content area (docs/back-office.md "Content"; calls in contract/calls/console-content.ts), under
 * /console/api/content:
 * - GET `/<kind>` (content.read): banners, notices, popups, promotions or help — `{ items, total }`, paged, sorted,
 *   `q` and `state` filters; GET `/<kind>/<id>`: one item in every language (404 `content_not_found`, another site's
 *   included);
 * - POST `/<kind>`, PUT `/<kind>/<id>`, DELETE `/<kind>/<id>` (content.write): create, edit, delete;
 *   POST `/<kind>/<id>/publish|unpublish` (content.write); POST `/<kind>/<id>/preview` `{ language? }` (content.read):
 *   the site page's address showing the item as saved, for 15 minutes;
 * - GET `/site` (content.read): `{ id: 'site', defaultLanguage, languages }`, the languages an item may have words in;
 * - POST `/media` (content.write): multipart `file` (PNG, JPEG, WebP, GIF, SVG ≤ 5 MB) and optional `w360`, `w720`
 *   copies → `{ url, type, width, height, variants }`;
 * - GET `/applications` (content.evidence): promotion applications, newest first, `status` filter; GET
 *   `/applications/<id>/images/<n>` (content.evidence): evidence image n (0-based), `no-store`, never public;
 *   POST `/applications/<id>/approve` `{ amount, reason? }` and `/applications/<id>/reject` `{ reason }`
 *   (content.evidence: the roles that see the evidence decide on it): the decision through the service of the
 *   operator command `promotion approve|reject` (worker/services/rewards/promotion-decisions.ts), audited, made once;
 *   404 `promotion_application_not_found`, 409 `promotion_application_decided`;
 * Every change writes its audit row in the same transaction (worker/services/content/content-admin.ts). Errors: 400
 * `request_param_err` with issues, 404 `not_found` for an unknown kind, 404 `function.not.available` in upstream mode
 * (where the platform serves announcements, help and applications, docs/upstream-mode.md, so there is nothing of
 * PlayDeck's to edit).
 */

const site = (c: Context<ConsoleEnv>): ContentSite => ({ code: c.var.merchant.code, defaultLanguage: c.var.merchant.defaultLanguage });
const actor = (c: Context<ConsoleEnv>): ContentActor => ({
  merchantCode: c.var.merchant.code, operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp,
});

function kindOf(c: Context<ConsoleEnv>): ContentKind {
  const kind = c.req.param('kind');
  if (!(CONTENT_KINDS as readonly string[]).includes(kind ?? '')) throw new ApiError(404, 'not_found', 'No such content kind');
  return kind as ContentKind;
}

/** An announcement id (digits) or a help slug; anything else is no item (404). */
function idOf(c: Context<ConsoleEnv>, kind: ContentKind): number | string {
  const id = c.req.param('id') ?? '';
  if (kind === 'help' ? /^[a-z0-9][a-z0-9-]{0,62}$/.test(id) : /^\d{1,10}$/.test(id)) return kind === 'help' ? id : Number(id);
  throw new ApiError(404, 'content_not_found', 'No such item on this site');
}

async function bodyOf<T extends z.ZodType>(c: Context<ConsoleEnv>, schema: T): Promise<z.output<T>> {
  const raw: unknown = await c.req.json().catch(() => (c.req.method === 'DELETE' ? {} : undefined));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new ApiError(400, 'request_param_err', 'Invalid body', { issues });
  }
  return parsed.data;
}

/** Decides application `id` of the site (the operator command's service) and answers it as listed. */
async function decideApplication(c: Context<ConsoleEnv>, decision: Pick<PromotionDecisionInput, 'decision' | 'amountMinor' | 'reason'>) {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,10}$/.test(id)) throw new ApiError(404, 'promotion_application_not_found', 'No such promotion application');
  await decidePromotionApplication(c.env.DB, {
    ...decision, id: Number(id), merchantCode: c.var.merchant.code,
    actor: { operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp },
  }).catch((error: unknown) => {
    if (!(error instanceof PromotionDecisionRefusal)) throw error;
    throw new ApiError(error.errorCode === 'promotion_application_not_found' ? 404 : 409, error.errorCode, error.message);
  });
  return ok(c, await readApplication(c.env.DB, c.var.merchant.code, Number(id)));
}

export const contentConsole = new Hono<ConsoleEnv>()
  .use('*', builtInOnly)
  .get('/applications', can('content.evidence'), valid('query', contentListQuery.extend({ status: contentListQuery.shape.q })), async (c) => {
    const q = c.req.valid('query');
    return ok(c, await listApplications(c.env.DB, c.var.merchant.code, q.status ?? null, q.page, q.perPage));
  })
  .post('/applications/:id/approve', can('content.evidence'), valid('json', consoleApplicationApproveBody), async (c) => {
    const { amount, reason } = c.req.valid('json');
    return decideApplication(c, { decision: 'approve', amountMinor: amount, reason });
  })
  .post('/applications/:id/reject', can('content.evidence'), valid('json', consoleApplicationRejectBody), async (c) => {
    return decideApplication(c, { decision: 'reject', reason: c.req.valid('json').reason });
  })
  .get('/applications/:id/images/:n', can('content.evidence'), async (c) => {
    const id = c.req.param('id');
    const n = c.req.param('n');
    if (!/^\d{1,10}$/.test(id) || !/^\d$/.test(n)) throw new ApiError(404, 'not_found', 'No such image');
    const image = await applicationImage(c.env.DB, c.env.MEDIA, c.var.merchant.code, Number(id), Number(n));
    return new Response(image.body, {
      headers: {
        'Content-Type': image.type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox", 'Content-Disposition': 'inline',
      },
    });
  })
  .get('/site', can('content.read'), (c) => ok(c, { id: 'site', defaultLanguage: c.var.merchant.defaultLanguage, languages: [...LANGUAGES] }))
  .post('/media', can('content.write'), async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError(400, 'request_param_err', 'Expected a multipart form');
    });
    const file = form.file;
    if (!(file instanceof File)) throw new ApiError(400, 'image_invalid', 'Send the image as `file`');
    const copies: Partial<Record<MediaWidth, Uint8Array>> = {};
    for (const width of MEDIA_WIDTHS) {
      const copy = form[`w${width}`];
      if (copy instanceof File) copies[width] = new Uint8Array(await copy.arrayBuffer());
    }
    return ok(c, await storeArtwork(c.env.MEDIA, c.var.merchant.code, new Uint8Array(await file.arrayBuffer()), copies));
  })
  .get('/:kind', can('content.read'), valid('query', contentListQuery), async (c) => {
    const kind = kindOf(c);
    const q = c.req.valid('query');
    return ok(c, kind === 'help' ? await listHelpItems(c.env.DB, site(c), q) : await listAnnouncementItems(c.env.DB, site(c), kind, q));
  })
  .post('/:kind', can('content.write'), async (c) => {
    const kind = kindOf(c);
    if (kind === 'help') return ok(c, await createHelpItem(c.env.DB, site(c), await bodyOf(c, helpCreateBody), actor(c)));
    return ok(c, await createAnnouncementItem(c.env.DB, site(c), kind, await bodyOf(c, announcementCreateBody), actor(c)));
  })
  .get('/:kind/:id', can('content.read'), async (c) => {
    const kind = kindOf(c);
    const id = idOf(c, kind);
    return ok(c, kind === 'help' ? await readHelpItem(c.env.DB, site(c), String(id)) : await readAnnouncementItem(c.env.DB, site(c), kind, Number(id)));
  })
  .put('/:kind/:id', can('content.write'), async (c) => {
    const kind = kindOf(c);
    const id = idOf(c, kind);
    if (kind === 'help') return ok(c, await updateHelpItem(c.env.DB, site(c), String(id), await bodyOf(c, helpUpdateBody), actor(c)));
    return ok(c, await updateAnnouncementItem(c.env.DB, site(c), kind, Number(id), await bodyOf(c, announcementUpdateBody), actor(c)));
  })
  .delete('/:kind/:id', can('content.write'), async (c) => {
    const kind = kindOf(c);
    const id = idOf(c, kind);
    const { reason } = await bodyOf(c, contentActionBody);
    if (kind === 'help') return ok(c, await deleteHelpItem(c.env.DB, site(c), String(id), actor(c), reason));
    return ok(c, await deleteAnnouncementItem(c.env.DB, site(c), kind, Number(id), actor(c), reason));
  })
  .post('/:kind/:id/:action{publish|unpublish}', can('content.write'), async (c) => {
    const kind = kindOf(c);
    const id = idOf(c, kind);
    const published = c.req.param('action') === 'publish';
    const { reason } = await bodyOf(c, contentActionBody.catch({}));
    if (kind === 'help') return ok(c, await setHelpPublication(c.env.DB, site(c), String(id), published, actor(c), reason));
    return ok(c, await setAnnouncementPublication(c.env.DB, site(c), kind as AnnouncementKind, Number(id), published, actor(c), reason));
  })
  .post('/:kind/:id/preview', can('content.read'), async (c) => {
    const kind = kindOf(c);
    const id = idOf(c, kind);
    const { language } = await bodyOf(c, contentPreviewBody.catch({}));
    const s = site(c);
    const target = kind === 'help'
      ? { kind: 'help' as const, slug: (await readHelpItem(c.env.DB, s, String(id))).slug }
      : { kind: 'announcement' as const, id: Number(id), type: (await readAnnouncementItem(c.env.DB, s, kind, Number(id))).type };
    return ok(c, await createContentPreview(c.env.DB, s.code, target, language ?? s.defaultLanguage));
  });
