import sanitizeHtml from 'sanitize-html';

/**
 * Rich HTML of the operator's content (announcements, promotions, help, contract terms; accounts §2 "The body is
 * rich content"), sanitised with an allowlist on the way in (import and API writes) and again on the way out
 * (every answer), so a row written by any other tool cannot carry script either. Links that begin with http open
 * externally (`target="_blank" rel="noopener noreferrer"`); other links stay inside the site (relative paths only).
 * Images may come from https or from the site itself (/media/…, /icons/…).
 */
const RICH_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'div', 'h2', 'h3', 'h4',
    'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Raw-text elements too (xmp, noembed, noframes, plaintext, listing): their content is markup spelled as text,
  // which a text path would otherwise hand on as `<img …>` once decoded.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template', 'svg', 'math',
    'xmp', 'noembed', 'noframes', 'plaintext', 'listing'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      if (/^https?:\/\//i.test(href)) return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
      if (/^(mailto|tel):/i.test(href)) return { tagName, attribs: { href } };
      // Inside the site: a path only (no scheme, no protocol-relative `//host`).
      if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return { tagName, attribs: { href } };
      return { tagName, attribs: {} };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      const local = /^\/(media|icons)\/[A-Za-z0-9/_.-]+$/.test(src);
      const next: Record<string, string> = {};
      if (local || /^https:\/\//i.test(src)) next.src = src;
      for (const key of ['alt', 'width', 'height'] as const) if (attribs[key] !== undefined) next[key] = attribs[key];
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised rich HTML (allowlist above); never throws. */
export function sanitizeRich(html: string): string {
  return sanitizeHtml(html, RICH_OPTIONS).trim();
}

/**
 * Every tag removed from `text`, entities of the result decoded once. Repeated (at most 3 passes) while the decoded
 * text still holds something a browser would read as a tag (`<x`, `</`, `<!`, `<?`), so that markup hidden in
 * CDATA or raw-text tricks can never come out of a text path as markup.
 */
function strippedText(text: string): string {
  let current = text;
  for (let pass = 0; pass < 3; pass += 1) {
    const decoded = decodeEntities(sanitizeHtml(current, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard', nonTextTags: RICH_OPTIONS.nonTextTags ?? [] }));
    if (decoded === current || !/<[a-z!/?]/i.test(decoded)) return decoded;
    current = decoded;
  }
  return current.replace(/</g, '‹');
}

/** Plain text of a title or label: every tag removed, entities decoded once, control characters and runs of space collapsed. */
export function plainText(text: string): string {
  return [...strippedText(text)].map((ch) => (isControl(ch) ? ' ' : ch)).join('').replace(/\s+/g, ' ').trim();
}

/** Free text a player typed (feedback, remark): kept as typed except control characters (it is always shown as text). */
export function freeText(text: string): string {
  return [...text].filter((ch) => ch === '\n' || ch === '\t' || ch === '\r' || !isControl(ch)).join('').trim();
}

/** C0 controls and DEL. */
function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** Operator rich text of the inbox (messages, welcome templates): the same allowlist as all operator content. */
export const sanitizeRichText = sanitizeRich;

/** Plain text only (chat messages): every tag is dropped, the text kept; control characters removed. */
export function sanitizePlainText(text: string): string {
  // sanitize-html escapes &, <, > in text; chat text is rendered as text (never as HTML), so the escaping is undone.
  const unescaped = strippedText(text);
  // eslint-disable-next-line no-control-regex
  return unescaped.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}
