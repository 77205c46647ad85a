/**
 * Help centre (accounts §2 Help centre): sections with optional child items, and which one the query opens —
 * "chosen by query tag (match by tag), p (index) or c (child index)".
 */
import type { MessageKey } from './i18n';

/** One help item: a title and its content. */
export interface HelpItem {
  title: MessageKey;
  content: MessageKey;
}

/** A help section: tag, title, content and child items. */
export interface HelpSection extends HelpItem {
  tag: string;
  children: readonly HelpItem[];
}

const item = (key: string): HelpItem => ({ title: `${key}.title` as MessageKey, content: `${key}.body` as MessageKey });

/** The help centre of the site, in display order. */
export const HELP_SECTIONS: readonly HelpSection[] = [
  { tag: 'account', ...item('help.account'), children: [item('help.account.register'), item('help.account.forgot')] },
  { tag: 'deposit', ...item('help.deposit'), children: [item('help.deposit.balance'), item('help.deposit.withdraw')] },
  { tag: 'games', ...item('help.games'), children: [item('help.games.launch'), item('help.games.lottery')] },
  { tag: 'trial', ...item('help.trial'), children: [item('help.trial.limits')] },
  { tag: 'security', ...item('help.security'), children: [item('help.security.password'), item('help.security.privacy')] },
  { tag: 'responsible', ...item('help.responsible'), children: [item('help.responsible.age')] },
];

/** The section (and child) to open; nulls when the query names none. */
export interface HelpSelection {
  section: number | null;
  child: number | null;
}

const index = (raw: string | null, length: number): number | null => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value < length ? value : null;
};

/**
 * Reads the query: `tag` matches a section by tag, else `p` is a section index; `c` is a child index inside the
 * chosen section. Out-of-range or malformed values select nothing.
 */
export function helpSelection(sections: readonly Pick<HelpSection, 'tag' | 'children'>[], search: string): HelpSelection {
  const query = new URLSearchParams(search);
  const tag = query.get('tag');
  const byTag = tag ? sections.findIndex((s) => s.tag === tag) : -1;
  const section = byTag >= 0 ? byTag : index(query.get('p'), sections.length);
  const child = section === null ? null : index(query.get('c'), sections[section]!.children.length);
  return { section, child };
}

/** Link to one help item's page (/m/helpDetail?p=…&c=…). */
export function helpDetailHref(section: number, child?: number): string {
  return child === undefined ? `/m/helpDetail?p=${section}` : `/m/helpDetail?p=${section}&c=${child}`;
}
