import { createElement } from 'react';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import type { z } from 'zod';
import { encodeAsListed, encodeValue } from '../../lib/envelope';
import type { Language } from '../../../rules/i18n';
import { HOME_PAGE_SIZE } from '../../../rules/paging';
import { SERVED_HOT_GAMES_ID, servedJson, type ServedHotGames } from '../../../rules/served';
import type { ContentFill } from './content';
import { directValue, fingerprintOf, valueOf, visitorHeaders, type ApiFetch, type DirectSource } from './api';
import { listHotGames } from '../../db/queries/games';
import HotGamesRowView from '../../../src/components/HotGamesRowView';
import { STILL_TILES } from '../../../src/components/GameGridView';
import { renderViewKept } from './render';
import { homeVendorsFill, writeList } from './list';

/**
 * What the edge writes into /m/home besides the operator's content (home-content.ts), issue 9 ("the first screen
 * in the first HTML; islands hydrate on the player's first interaction"):
 * - the game vendors' data block (fills/list.ts homeVendorsFill);
 * - the hot games row (`[data-fill=hot-games]`): its games through the island's call (GET hot games as a visitor:
 *   isPlatform 2, the page's language, platform html5), at most the row's 20, as the island's view rendered inside it
 *   (src/components/HotGamesRowView.tsx, fills/render.ts) and as a data block (rules/served.ts) the row's store starts from, so the row shows
 *   without script and its island hydrates over it on the first interaction with no request and no mismatch. An
 *   empty answer writes an empty row (the island shows none either); a failed call writes no row and switches the
 *   island to `client:visible`: the row is on the first screen, so it loads itself at once instead of showing its
 *   placeholders until the player's first interaction (home has `client:visible` islands, so the directive is there).
 * The calls run side by side (through an `api` that keeps visitor answers per isolate: fills/api.ts withAnswerCache);
 * in built-in mode (`direct`) both read the queries their routes call (fills/api.ts directValue), kept alike.
 */
export async function homeFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ContentFill> {
  const [vendors, hot] = await Promise.all([
    homeVendorsFill(url, language, merchantCode, api, direct), hotGamesFill(url, language, merchantCode, api, direct),
  ]);
  return {
    fingerprint: [vendors?.fingerprint ?? '', hot?.fingerprint ?? ''].join('-'),
    apply: (rewriter) => {
      const withVendors = vendors ? vendors.apply(rewriter) : rewriter;
      return hot ? hot.apply(withVendors) : withVendors.on('[data-fill="hot-games"] > astro-island', {
        element: (element) => {
          element.setAttribute('client', 'visible');
        },
      });
    },
  };
}

/**
 * The hot games answer for a visitor in `language`, every vendor, as the wire carries it (checked by the call's
 * schema and encoded back by it: minBet in currency units, as the data block has always held it): in built-in mode
 * (`direct`) the query the route calls (worker/api/relay-catalogue.ts hotGames: db/queries/games.ts listHotGames),
 * else the call through `api`. Null when the read failed or answered another shape.
 */
async function hotGamesOf(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<z.input<typeof catalogueCalls.hotGames.value> | null> {
  const def = catalogueCalls.hotGames;
  if (direct) {
    const value = await directValue(direct, def, merchantCode, async (db) => encodeAsListed(def, { list: await listHotGames(db, merchantCode) }));
    return value && encodeValue(def, value);
  }
  const hotUrl = new URL(def.path, url.origin);
  hotUrl.search = new URLSearchParams({ merchantCode, isPlatform: '2', language, platform: 'html5', vassalage: '' }).toString();
  const answer = def.value.safeParse(await valueOf(api, hotUrl, visitorHeaders(merchantCode, language, def.moduleId)));
  return answer.success ? encodeValue(def, answer.data) : null;
}

/** Home's hot games row (see homeFill); null when the call failed. */
export async function hotGamesFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ContentFill | null> {
  const answer = await hotGamesOf(url, language, merchantCode, api, direct);
  if (!answer) return null;
  const games = answer.list.slice(0, HOME_PAGE_SIZE);
  const fingerprint = fingerprintOf(['hot', language, games]);
  return {
    fingerprint,
    apply: (rewriter) => writeList(
      rewriter, 'hot-games',
      (locale) => {
        const served: ServedHotGames = { language: locale.language, list: games };
        return `<script type="application/json" id="${SERVED_HOT_GAMES_ID}">${servedJson(served)}</script>`;
      },
      (locale) => renderViewKept(`hot|${fingerprint}|${JSON.stringify(locale)}`, locale, () => createElement(HotGamesRowView, { games, tiles: STILL_TILES, hydrated: false })),
    ),
  };
}
