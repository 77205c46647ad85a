/**
 * What crawlers may read and how a page is addressed (docs/edge.md "Crawlers"): the public pages of the route table
 * (rules/routes.ts) that a site's `/sitemap.xml` lists and `/robots.txt` allows, the paths robots disallow, and the
 * address of a page in one language. Languages are chosen with `?lang=<code lower-case>` on the page's own path
 * (worker/edge/pages/language.ts), so a page's language versions differ by that parameter only; the address without
 * it is the `x-default` version (the visitor's cookie or browser language decides). Shared by the build (the
 * frame's canonical link) and the worker (robots, sitemap, the absolute links the edge writes).
 */
import type { Language } from './i18n';
import { PAGE_ROUTES, pathOf } from './routes';

/**
 * The pages a visitor may read without an account, in the sitemap of every site: home, the log-in and registration
 * screens, the game and lottery lobbies, the app download page, free trial, the promotions, the help centre and the
 * policy. Left out: every page behind the access gate (member centre, wallet, rewards, inbox, announcements,
 * feedback, agent screens), the player's own lists (favourites, messages), the launchers (lottery launcher, embedded
 * lottery, demo games) which open only with a game named, and the gate pages.
 */
export const PUBLIC_PAGE_IDS: readonly string[] = [
  'home', 'login', 'register', 'forget', 'gameCenter', 'gameList', 'providers', 'lottery', 'startLottery', 'hot',
  'slotsCenter', 'app', 'trail', 'activity', 'activityDetail', 'help', 'helpDetail', 'policy',
];

const PUBLIC: ReadonlySet<string> = new Set(PUBLIC_PAGE_IDS);

/** Whether a page id (rules/routes.ts) is public: listed in the sitemap, allowed by robots. */
export function isPublicPage(id: string): boolean {
  return PUBLIC.has(id);
}

/**
 * The query parameters that name what a page shows (one promotion, one help item, one game list); every other
 * parameter (a search, tracking, `lang`) is left out of its canonical address and its language alternates.
 */
export const ADDRESS_PARAMS: Readonly<Record<string, readonly string[]>> = {
  activityDetail: ['id'],
  helpDetail: ['p', 'c', 'tag'],
  gameList: ['gameType', 'vassalage'],
};

/** The naming parameters of a page's request (ADDRESS_PARAMS), in the table's order, empty values left out. */
export function addressParams(pageId: string, search: URLSearchParams): [string, string][] {
  const names = ADDRESS_PARAMS[pageId] ?? [];
  return names.flatMap((name) => {
    const value = search.get(name)?.trim();
    return value ? [[name, value] as [string, string]] : [];
  });
}

/**
 * A page's site-relative address in `language` (`/m/activityDetail?id=5&lang=fr`), or its `x-default` address
 * when `language` is null (`/m/activityDetail?id=5`): the path, the naming parameters, then `lang`.
 */
export function pageAddress(path: string, params: readonly (readonly [string, string])[], language: Language | null): string {
  const query = new URLSearchParams(params.map(([name, value]) => [name, value]));
  if (language) query.set('lang', language.toLowerCase());
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Paths of the API, the platform's pages, the payment page, the console and the build's variant tree. */
const NON_PAGE_DISALLOWED = ['/wps/', '/lgw/', '/lotto/', '/pay/', '/console/', '/i18n/'];

/**
 * The path prefixes `/robots.txt` disallows: the API and other non-page paths, and every page of the route table that
 * is not public (each of its paths, `/m/member/` as one folder). Robots rules match by prefix; none of them is a
 * prefix of a public page's path (tests/unit/site/crawl.test.ts).
 */
export function disallowedPaths(): string[] {
  const pages = PAGE_ROUTES.filter((route) => !isPublicPage(route.id))
    .flatMap((route) => route.paths)
    .filter((path) => !path.startsWith('/m/member/') && !path.endsWith('.html'));
  const folders = ['/m/member/', '/play/'];
  return [...NON_PAGE_DISALLOWED, ...folders, ...pages.filter((path) => !folders.some((f) => path.startsWith(f)))];
}

/** The public pages' main paths (pathOf), by id, in the order of PUBLIC_PAGE_IDS. */
export function publicPagePaths(): { id: string; path: string }[] {
  return PUBLIC_PAGE_IDS.map((id) => ({ id, path: pathOf(id) }));
}
