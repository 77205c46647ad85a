import { formatDateTime, formatTimeOfDay } from '../../rules/format';
import { isMessageKey, t } from '../../rules/i18n';
import { betLabelParts } from '../lib/lotteryRound';

/** Translated label of a bet type (player-shell §3 Play types; lottery bet types), else its code. */
export function betTypeLabel(betType: string): string {
  const key = `lottery.betType.${betType}`;
  return isMessageKey(key) ? t(key) : betType;
}

/** Translated label of a pick (big, small, odd, even, dragon, tiger, tie, big_odd, …), else its code. */
export function pickLabel(pick: string): string {
  const key = `lottery.pick.${pick}`;
  return isMessageKey(key) ? t(key) : pick;
}

/** A bet as one line of text, e.g. "Digit · Position 1 · 7" or "Dragon / Tiger · Tie". */
export function betLabel(betType: string, selection: Record<string, string | number>): string {
  return betLabelParts(betType, selection)
    .map((part) => ('text' in part ? part.text : isMessageKey(part.key) ? t(part.key, part.params) : part.key))
    .join(' · ');
}

/** Translated label of a prize mode (LOTT, ELOTT, SEA), else its code. */
export function prizeModeLabel(mode: string): string {
  const key = `launcher.prize.${mode}`;
  return isMessageKey(key) ? t(key) : mode;
}

/** Translated label of a play type (trad, ent). */
export function playTypeLabel(playType: 'trad' | 'ent'): string {
  return t(playType === 'ent' ? 'launcher.playType.ent' : 'launcher.playType.trad');
}

/** A time of day in the page's language (draw and close times; rules/format.ts). */
export function timeOfDay(ms: number, tag: string): string {
  return formatTimeOfDay(ms, tag);
}

/** A date and time in the page's language (order history; rules/format.ts). */
export function dateTime(ms: number, tag: string): string {
  return formatDateTime(ms, tag);
}
