import { callApi, clientSession } from './client';
import { contentCalls } from '../../contract/calls/content';
import type { Announcement, AnnouncementGroups } from '../../contract/calls/content-schemas';
import { jackpotShown } from '../../rules/jackpot';

export type { Announcement, AnnouncementGroups } from '../../contract/calls/content-schemas';

/**
 * The operator's content, typed (platform-contract.md §2 banners and announcements, §3 mark read, feedback):
 * thin wrappers over callApi that send the platform's parameters.
 */

/** Announcements of `types` (accounts §9: home and message centre B,PL,PU), optionally of one banner group. */
export function getAnnouncements(types: string, groupName?: string): Promise<AnnouncementGroups> {
  const session = clientSession();
  return callApi(contentCalls.announcementList, {
    query: { types, platform: 'M', merchantCode: session?.merchantCode, token: session?.token ?? '', groupName },
  });
}

/**
 * The home jackpot (GET /wps/relay/VIS_getJackpot, platform-contract.md §2 "jackpot"): the amount to show in minor
 * units, or null to hide the banner (rules/jackpot.ts jackpotShown: an empty pool, or a platform answer without an
 * `amount`).
 */
export async function getJackpot(signal?: AbortSignal): Promise<number | null> {
  const value: unknown = await callApi(contentCalls.jackpot, signal ? { signal } : {});
  return jackpotShown(value);
}

/** Marks one announcement read for the session's member. */
export async function markAnnouncementRead(announcementId: number): Promise<void> {
  await callApi(contentCalls.markAnnouncementRead, { body: { announcementId, read: true } });
}

/** Sends feedback (accounts §3): content, the sender (the session's user name), question type, captcha answer. */
export async function sendFeedback(body: { content: string; type: number; captcha: string }): Promise<void> {
  await callApi(contentCalls.feedback, { body: { ...body, sender: clientSession()?.userName ?? '' } });
}

/** The site's promotions (accounts §2 Promotions list: the announcement list's `promotion` group, type PR) for this session. */
export async function getPromotions(signal?: AbortSignal): Promise<Announcement[]> {
  const session = clientSession();
  const groups = await callApi(contentCalls.announcementList, {
    query: { types: 'PR', platform: 'M', merchantCode: session?.merchantCode, token: session?.token ?? '' },
    ...(signal ? { signal } : {}),
  });
  return groups.promotion;
}

/** Applies to a promotion (accounts §5 Activity apply; PlayDeck extension): the remark and up to 3 images. */
export async function applyPromotion(promotionId: number, remark: string, images: readonly Blob[]): Promise<'applying'> {
  const form = new FormData();
  form.set('promotionId', String(promotionId));
  form.set('remark', remark);
  for (const image of images) form.append('images', image);
  const value = await callApi(contentCalls.promotionApply, { body: form });
  return value.status;
}
