import { createPage } from '../kit/page';
import { contractPrompts } from './contracts';
import { homeMedia } from './homeMedia';
import { homePopups } from './homePopups';

/**
 * The home page of one visit (player-shell §2 Home; accounts §2 Announcement popup, Home announcement bar and
 * banners, Agent contract prompts; /m/home), made per visit (src/stores/kit/page.ts) by the home island that shows
 * the operator content: its banners and video popup (./homeMedia.ts), the login popup list (./homePopups.ts) and
 * the agent contract prompts (./contracts.ts), each with its own members. Leaving the page (`exit`) stops the popup
 * list's waits, autoplay and session listener, and answers arriving later (popups, pending contracts) are dropped.
 */
export const homePage = createPage('home', (visit) => ({
  ...homeMedia(),
  ...homePopups(visit),
  ...contractPrompts(visit),
}));

/** One visit of the home page. */
export type HomePage = ReturnType<typeof homePage>;
