import { atom } from 'nanostores';
import { getHotGames, servedGames, type Game } from '../../api/catalogue';
import { readServed, servedOnFirstUse, SERVED_HOT_GAMES_ID, type ServedHotGames } from '../../../rules/served';
import { createFetcher, type FetcherStore } from '../kit/fetcher';
import { $language } from '../concepts/language';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

export type { Game };

/** The hot-games screen's state (player-shell §2 /m/hot): the list once loaded (null while loading), or failed. */
export interface HotGamesState {
  games: Game[] | null;
  failed: boolean;
}

export const $hotGames = atom<HotGamesState>({ games: null, failed: false });

let request = 0;

/**
 * Loads the site's hot games in `language` (player-shell §7 "hot games": isPlatform 2, platform html5). A newer
 * call (retry, language change) wins over an older one still under way.
 */
export async function loadHotGames(language: string): Promise<void> {
  const mine = ++request;
  $hotGames.set({ games: null, failed: false });
  try {
    const games = await getHotGames(language);
    if (mine === request) $hotGames.set({ games, failed: false });
  } catch {
    if (mine === request) $hotGames.set({ games: null, failed: true });
  }
}

/**
 * The home hot-games row's games (player-shell §2 Home "hot games block"): a fetcher store (src/stores/kit/fetcher.ts)
 * asked again in the new language on a language change.
 */
export const hotGamesRow = createFetcher<Game[]>((_key, language) => getHotGames(language), $language);

/** The key of home's row in {@link hotGamesRow}. */
export const HOT_ROW_KEY = 'hot';

/**
 * The row the edge wrote into home (worker/edge/fills/home.ts), if any and if it is in the page's language, becomes
 * the store's first answer, so the island's first render draws the same tiles as the markup it hydrates over, and
 * the row is not asked for again. Read at the first use (rules/served.ts servedOnFirstUse), not here at the
 * module's evaluation: a member's header shares this chunk and hydrates while home may still be parsing.
 */
const adoptServedRow = servedOnFirstUse(() => {
  const served = readServed(SERVED_HOT_GAMES_ID) as ServedHotGames | null;
  if (!served || served.language !== $language.get() || !Array.isArray(served.list)) return null;
  hotGamesRow.prime(HOT_ROW_KEY, served.language, servedGames(served.list));
  return true;
});

/** Home's hot games row store ({@link hotGamesRow} at {@link HOT_ROW_KEY}), started from the row the page came with. */
export function hotRow(): FetcherStore<Game[]> {
  adoptServedRow();
  return hotGamesRow(HOT_ROW_KEY);
}
