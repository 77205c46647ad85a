import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { contentCalls } from '../../contract/calls/content';
import { APPLY_IMAGE_BYTES_MAX, APPLY_IMAGES_MAX } from '../../contract/calls/content-schemas';
import { ApiError, ok } from '../lib/envelope';
import { findPromotion, hasApplied, insertApplication } from '../db/queries/announcements';
import { requireRealMember } from '../middleware/auth-context';
import { putImage, sniffImage } from '../services/media/media';
import { APPLY_PER_MEMBER, consumeRateLimit } from '../services/accounts/rate-limit';
import { freeText } from '../model/rich-text';
import { getMedia, mediaWidth } from '../services/media/media';

/**
 * POST /wps/playdeck/promotion/apply (PlayDeck extension, capability `promotion-apply`; accounts §5 Activity
 * apply): multipart `promotionId`, `remark` (≤ 140 characters), `images` (0–3 files). Every file is checked by its
 * first bytes (png or jpg) and its size (≤ 5 MB) before anything is stored; then the images go to the media bucket
 * and one row records the application ('applying'). Real members only: 401, 403 `free_reject`. Errors: 400
 * `request_param_err`, 404 `promotion_not_found`, 400 `promotion_not_applicable` / `promotion_closed`, 409
 * `already_applied`, 400 `too_many_images` / `image_too_large` / `image_invalid`, 429 `TOO_MANY_REQUEST`.
 * Declared raw (api/call-router.ts serveRaw): a multipart body, its fields checked with the call's schema here
 * after the real-member check, its files beside them.
 */
export const promotionRouter = new CallRouter('/wps/playdeck').serveRaw(contentCalls.promotionApply, async (c) => {
  const member = requireRealMember(c);
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw new ApiError(400, 'request_param_err', 'Expected a multipart form');
  });
  const parsed = contentCalls.promotionApply.body!.safeParse({ promotionId: form.promotionId, remark: form.remark });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new ApiError(400, 'request_param_err', 'Invalid form', { issues });
  }
  const raw = form.images;
  const files = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]);
  if (files.length > APPLY_IMAGES_MAX) throw new ApiError(400, 'too_many_images', 'At most 3 images');
  const images: Uint8Array[] = [];
  for (const file of files) {
    if (typeof file === 'string') throw new ApiError(400, 'image_invalid', 'Images must be files');
    if (file.size > APPLY_IMAGE_BYTES_MAX) throw new ApiError(400, 'image_too_large', 'An image is larger than 5 MB');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (type !== 'image/png' && type !== 'image/jpeg') throw new ApiError(400, 'image_invalid', 'Images must be png or jpg');
    images.push(bytes);
  }
  const { promotionId, remark } = parsed.data;
  const promotion = await findPromotion(c.env.DB, c.var.merchant.code, promotionId);
  if (!promotion || promotion.published !== 1) throw new ApiError(404, 'promotion_not_found', 'No such promotion');
  if (promotion.applicable !== 1) throw new ApiError(400, 'promotion_not_applicable', 'This promotion takes no applications');
  const now = Date.now();
  if (promotion.start_date > now || (promotion.end_date !== null && promotion.end_date <= now)) {
    throw new ApiError(400, 'promotion_closed', 'This promotion is not open');
  }
  if (await hasApplied(c.env.DB, promotionId, member.memberId)) throw new ApiError(409, 'already_applied', 'Already applied');
  await consumeRateLimit(c.env.DB, APPLY_PER_MEMBER, String(member.memberId));
  const keys: string[] = [];
  for (const bytes of images) {
    const key = await putImage(c.env.MEDIA, 'apply', c.var.merchant.code, bytes, { only: ['image/png', 'image/jpeg'] });
    if (key) keys.push(key);
  }
  if (!(await insertApplication(c.env.DB, promotionId, member.memberId, freeText(remark), keys))) {
    throw new ApiError(409, 'already_applied', 'Already applied');
  }
  return ok(c, { status: 'applying' as const });
});

/**
 * GET /media/<key>[?w=360|720]: the operator's artwork (`content/…`; `w` picks the copy of that width made at
 * import, services/media.ts MEDIA_WIDTHS, the original when there is none) and players' head icons (`avatar/…`,
 * keyed by the picture's SHA-256, so only who was given the URL finds one) from the media bucket, immutable for a
 * year; players' application images (`apply/…`) are never served publicly. 404 for anything else.
 */
export const mediaRouter = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '');
  const response = key.startsWith('content/') ? await getMedia(c.env.MEDIA, key, mediaWidth(c.req.query('w')))
    : key.startsWith('avatar/') ? await getMedia(c.env.MEDIA, key) : null;
  return response ?? c.text('Not found', 404);
});
