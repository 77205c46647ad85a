import { getWinnerBoard, type WinnerBoardEntry } from '../../api/catalogue';
import { WINNER_LIMIT } from '../../lib/winnerBoard';
import { createFetcher } from '../kit/fetcher';
import { $language } from '../concepts/language';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

export type { WinnerBoardEntry };

/**
 * The home winner board's wins (player-shell §7 winner board: gameCategory ALL, language, limitNum 20) as a
 * fetcher store keyed by game category; asked again in the new language on a language change.
 */
export const winnerBoard = createFetcher<WinnerBoardEntry[]>((gameCategory, language) =>
  getWinnerBoard({ gameCategory, language, limitNum: WINNER_LIMIT }), $language);
