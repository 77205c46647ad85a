import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for operator-written rich text (inbox messages, welcome templates): paragraphs, line breaks,
 * emphasis, lists, headings, links (http/https/mailto, and paths inside the site) and images (https only). No
 * scripts, styles, event handlers, iframes or forms. Links that leave the site open in a new tab without an
 * opener.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'img', 'span', 'div'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, original) => {
      const href = original.href ?? '';
      const attribs: Record<string, string> = /^https?:/i.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
      return { tagName, attribs };
    },
  },
};

/** Operator rich text → safe HTML for the inbox (the allowlist above). Text outside tags is kept, escaped. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Plain text only (chat messages): every tag is dropped, the text kept; control characters removed. */
export function sanitizePlainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  // sanitize-html escapes &, <, > in text; chat text is rendered as text (never as HTML), so undo the escaping.
  const unescaped = stripped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  // eslint-disable-next-line no-control-regex
  return unescaped.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}
