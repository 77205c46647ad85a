/**
 * Help centre (accounts §2 Help centre): which section and child item the query opens — "chosen by query tag
 * (match by tag), p (index) or c (child index)". The entries are the operator's (the help-centre call); the edge
 * applies this selection when it fills the pre-rendered page (worker/edge/fills/content.ts).
 */

/** The part of a help entry the selection reads. */
export interface HelpSelectable {
  tag: string;
  children: readonly unknown[];
}

/** The section (and child) to open; nulls when the query names none. */
export interface HelpSelection {
  section: number | null;
  child: number | null;
}

const index = (raw: string | null, length: number): number | null => {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return null;
  const value = Number(raw);
  return value < length ? value : null;
};

/**
 * Reads the query: `tag` matches a section by tag, else `p` is a section index; `c` is a child index inside the
 * chosen section. Out-of-range or malformed values select nothing; an empty tag matches no section.
 */
export function helpSelection(sections: readonly HelpSelectable[], search: string | URLSearchParams): HelpSelection {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tag = query.get('tag');
  const byTag = tag ? sections.findIndex((s) => s.tag !== '' && s.tag === tag) : -1;
  const section = byTag >= 0 ? byTag : index(query.get('p'), sections.length);
  const child = section === null ? null : index(query.get('c'), sections[section]!.children.length);
  return { section, child };
}

/** Link to one help item's page (/m/helpDetail?p=…&c=…). */
export function helpDetailHref(section: number, child?: number): string {
  return child === undefined ? `/m/helpDetail?p=${section}` : `/m/helpDetail?p=${section}&c=${child}`;
}
