/**
 * The Support area's answers as they arrive (contract/calls/console-support.ts, wire side: money as decimals of the
 * player's currency, times epoch ms). Types only: the browser runs no schemas.
 */
import type { z } from 'zod';
import type { cannedAnswer, supportConversation, supportPlayerContext } from '../../../contract/calls/console-support';

export type SupportConversation = z.input<typeof supportConversation>;
export type PlayerContext = z.input<typeof supportPlayerContext>;
export type CannedAnswer = z.input<typeof cannedAnswer>;
export interface SupportAgent { id: number; username: string; name: string; role: string; me: boolean }
export interface Unread { conversations: number; messages: number }
export interface Page<T> { items: T[]; total: number }

/** The resource paths under /console/api (src/console/registry.ts conventions). */
export const CONVERSATIONS = 'support/conversations';
export const CANNED_ANSWERS = 'support/canned-answers';
