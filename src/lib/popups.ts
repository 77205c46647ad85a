/**
 * Pure rules of the login popup list (accounts-and-communication §2 Announcement popup, §3 "Popup storage
 * records", §4 Popup, §9 popup constants). Selection and the list comparison are in rules/content.ts.
 */
import { hasNewPopups } from '../../rules/content';

/** Popup evaluation delay after mount (accounts §9: 500 ms). */
export const POPUP_EVALUATION_DELAY_MS = 500;
/** Popup autoplay step (accounts §9: 5000 ms). */
export const POPUP_AUTOPLAY_MS = 5000;

/** A popup storage record (accounts §3): the show flag and the 'title,content' list last shown. */
export interface PopupRecord {
  show: boolean;
  data: string[];
}

/**
 * Local storage key of a popup type's record (accounts §3 "kept separately for type A (logged in) and type B
 * (guest)"; the key names are not in the spec: PlayDeck uses popupA and popupB).
 */
export function popupStorageKey(type: 'A' | 'B'): string {
  return `popup${type}`;
}

/** Reads a stored record; anything unreadable counts as none. */
export function parsePopupRecord(raw: string | null): PopupRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PopupRecord>;
    if (typeof value.show !== 'boolean' || !Array.isArray(value.data)) return null;
    return { show: value.show, data: value.data.filter((d): d is string => typeof d === 'string') };
  } catch {
    return null;
  }
}

/**
 * The record after an evaluation (accounts §4): the new list is kept; the show flag is reset to true when there
 * is no record yet or the new list holds anything the stored one lacks, else the stored flag stays (closed stays
 * closed until something new arrives).
 */
export function nextPopupRecord(stored: PopupRecord | null, records: readonly string[]): PopupRecord {
  const show = stored === null || hasNewPopups(stored.data, records) ? true : stored.show;
  return { show, data: [...records] };
}

/** YYYY/MM/DD of an epoch-ms date (accounts §2 Announcement popup "start date (YYYY/MM/DD)"), in UTC. */
export function popupDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The accordion index after a previous/next step, kept within 0 … count−1 (accounts §2 "cannot go out of range"). */
export function stepIndex(index: number, step: -1 | 1, count: number): number {
  return Math.min(Math.max(index + step, 0), Math.max(count - 1, 0));
}
