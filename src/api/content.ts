import { callApi } from './client';
import { contentCalls } from '../contract/calls/content';
import type { AnnouncementGroups } from '../contract/calls/content-schemas';
import { $session } from '../stores/session';

export type { Announcement, AnnouncementGroups } from '../contract/calls/content-schemas';

/**
 * The operator's content, typed (platform-contract.md §2 banners and announcements, §3 mark read, feedback):
 * thin wrappers over callApi that send the platform's parameters.
 */

/** Announcements of `types` (accounts §9: home and message centre B,PL,PU), optionally of one banner group. */
export function getAnnouncements(types: string, groupName?: string): Promise<AnnouncementGroups> {
  const session = $session.get();
  return callApi(contentCalls.announcementList, {
    query: { types, platform: 'M', merchantCode: session?.merchantCode, token: session?.token ?? '', groupName },
  });
}

/** Marks one announcement read for the session's member. */
export async function markAnnouncementRead(announcementId: number): Promise<void> {
  await callApi(contentCalls.markAnnouncementRead, { body: { announcementId, read: true } });
}

/** Sends feedback (accounts §3): content, the sender (the session's user name), question type, captcha answer. */
export async function sendFeedback(body: { content: string; type: number; captcha: string }): Promise<void> {
  await callApi(contentCalls.feedback, { body: { ...body, sender: $session.get()?.userName ?? '' } });
}
