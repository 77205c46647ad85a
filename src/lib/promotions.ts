/**
 * Promotions of the site (accounts §2 Promotions list, player-shell §1 "Promotion availability keys seen: REFERRAL,
 * MISSION, LOGIN, each with an enabled flag"): one card per enabled programme, found again by id on the detail page.
 */
import type { MessageKey } from './i18n';

/** One promotion card and its detail. */
export interface Promotion {
  id: 'REFERRAL' | 'MISSION' | 'LOGIN';
  title: MessageKey;
  excerpt: MessageKey;
  body: MessageKey;
  /** Where the programme is used. */
  href: string;
  action: MessageKey;
}

/** The programmes in display order. */
export const PROMOTIONS: readonly Promotion[] = [
  { id: 'REFERRAL', title: 'promo.REFERRAL.title', excerpt: 'promo.REFERRAL.excerpt', body: 'promo.REFERRAL.body', href: '/m/inviteFriends', action: 'promo.REFERRAL.action' },
  { id: 'MISSION', title: 'promo.MISSION.title', excerpt: 'promo.MISSION.excerpt', body: 'promo.MISSION.body', href: '/m/leaderBoard', action: 'promo.MISSION.action' },
  { id: 'LOGIN', title: 'promo.LOGIN.title', excerpt: 'promo.LOGIN.excerpt', body: 'promo.LOGIN.body', href: '/m/activity/signIn', action: 'promo.LOGIN.action' },
];

/** The enabled programmes; an empty list shows the empty state. */
export function activePromotions(flags: Readonly<Record<string, { enabled: boolean }>>): Promotion[] {
  return PROMOTIONS.filter((p) => flags[p.id]?.enabled === true);
}

/** The promotion of /m/activityDetail?id=…, when it exists and is enabled. */
export function promotionById(id: string | null, flags: Readonly<Record<string, { enabled: boolean }>>): Promotion | null {
  return activePromotions(flags).find((p) => p.id === id) ?? null;
}
