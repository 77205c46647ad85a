import type { HelpEntry } from '../../../contract/calls/content-schemas';
import type { HelpSelection } from '../../../rules/help';
import type { PromotionView } from '../../services/content/content-sanitise';
import type { PageHead } from '../pages/crawl';
import { promotionImage, readableText } from './content-html';

/**
 * The head of a content detail page (docs/seo.md "Titles and descriptions"; issue 24 "a meaningful title and
 * description in its language"): one promotion or one help item is a page of its own in the sitemap, so its
 * `<title>`, description and Open Graph card name it rather than the list it comes from. The texts are the operator's
 * in the language served (the same answer the page's content is filled from), plain text; the edge escapes them
 * where it writes them (pages/crawl.ts rewriteCrawl).
 */

/** Longest description written, in characters (what search results show of a description). */
export const DESCRIPTION_MAX = 160;

/**
 * A description from operator text (rich HTML or plain): its plain text (readableText), cut at the last word boundary before
 * DESCRIPTION_MAX with an ellipsis when longer; '' when there is no text.
 */
export function describe(text: string): string {
  const plain = readableText(text);
  if ([...plain].length <= DESCRIPTION_MAX) return plain;
  const cut = [...plain].slice(0, DESCRIPTION_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?、。，-]+$/u, '')}…`;
}

/**
 * The head of /m/activityDetail for one promotion: its title; its content as the description (its label when the
 * content has no text; the page's own description when neither has); its card image (promotionImage) as `og:image`;
 * `og:type` article.
 */
export function promotionHead(p: PromotionView): PageHead {
  return {
    title: p.title,
    description: describe(p.content) || p.label || null,
    image: promotionImage(p),
    type: 'article',
  };
}

/**
 * The head of /m/helpDetail for its selection: the selected item's title (a child's under its section's name:
 * "Deposits: How long does a deposit take?"); its text as the description, or for a section without text the titles
 * of its items; null without a selection (the list of sections keeps the page's own head).
 */
export function helpHead(entries: readonly HelpEntry[], selection: HelpSelection): PageHead | null {
  if (selection.section === null) return null;
  const section = entries[selection.section];
  if (!section) return null;
  const item = selection.child === null ? section : section.children[selection.child];
  if (!item) return null;
  const title = selection.child === null || section.title === '' ? item.title : `${section.title}: ${item.title}`;
  const description = describe(item.content)
    || (selection.child === null ? describe(section.children.map((c) => c.title).filter((t) => t !== '').join(', ')) : '');
  return { title, description: description || null, image: null, type: 'article' };
}
