import type { Announcement, HelpEntry } from '../../../contract/calls/content-schemas';
import { plainText, sanitizeRich } from '../../model/rich-text';

/**
 * The operator's content as the platform answers it, made safe to show (accounts §2 "The body is rich content";
 * issue 11: rich HTML sanitised on the way out). Built-in answers are already sanitised by their queries; the
 * platform's answers in upstream mode are not ours, so the worker sanitises them when it relays them
 * (sanitizeContentAnswer) and the edge sanitises whatever it writes into a page (normaliseHelp,
 * normalisePromotions), in both modes. Lenient on shape: a field the platform leaves out becomes empty.
 */

/** What a promotion card or detail shows (the edge writes it into the promotions pages). */
export type PromotionView = Pick<Announcement, 'id' | 'title' | 'label' | 'content' | 'url' | 'announcementImages'>;

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : /^\d{1,10}$/.test(text(v)) ? Number(v) : 0);

function helpItem(raw: Loose) {
  return { id: int(raw.id), title: plainText(text(raw.title)), tag: plainText(text(raw.tag)), content: sanitizeRich(text(raw.content)) };
}

/** Help-centre entries from an answer's `value` (any shape): sections with children, titles plain, content sanitised. */
export function normaliseHelp(value: unknown): HelpEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((raw) => ({
    ...helpItem(raw),
    children: Array.isArray(raw.children) ? raw.children.filter(isObject).map(helpItem) : [],
  }));
}

/** The promotions (group `promotion`, type PR) of an announcement-list answer's `value`, sanitised; ids must be positive. */
export function normalisePromotions(value: unknown): PromotionView[] {
  const list = isObject(value) && Array.isArray(value.promotion) ? value.promotion : [];
  return list.filter(isObject).map((raw) => ({
    id: int(raw.id),
    title: plainText(text(raw.title)),
    label: plainText(text(raw.label)),
    content: sanitizeRich(text(raw.content)),
    url: text(raw.url),
    announcementImages: (Array.isArray(raw.announcementImages) ? raw.announcementImages : []).filter(isObject)
      .map((i) => ({ sequence: int(i.sequence), url: text(i.url) })),
  })).filter((p) => p.id > 0);
}

/** Sanitises one item in place (rich `content`; `title` and `label` to plain text), and its help children. */
function cleanItem(item: unknown): void {
  if (!isObject(item)) return;
  if (typeof item.content === 'string') item.content = sanitizeRich(item.content);
  for (const key of ['title', 'label'] as const) if (typeof item[key] === 'string') item[key] = plainText(item[key]);
  if (Array.isArray(item.children)) item.children.forEach(cleanItem);
}

/** The platform paths whose answers carry the operator's rich content (help centre, announcement lists). */
export function carriesRichContent(method: string, pathname: string): boolean {
  return method === 'GET' && (pathname === '/wps/system/helpCenter' || /^\/wps\/relay\/(MCSFE|CCSFE)_getListAnnouncements$/.test(pathname));
}

/**
 * An answer envelope of the help centre or an announcement list with every item's rich `content` sanitised and its
 * `title` / `label` made plain text (help entries and their children; every announcement group). Other fields are
 * left as the platform sent them.
 */
export function sanitizeContentAnswer(body: unknown): unknown {
  if (!isObject(body)) return body;
  const value = body.value;
  if (Array.isArray(value)) value.forEach(cleanItem);
  else if (isObject(value)) for (const group of Object.values(value)) if (Array.isArray(group)) group.forEach(cleanItem);
  return body;
}
