import corpusText from '../../fixtures/xss-corpus.txt?raw';

/** The payloads of tests/fixtures/xss-corpus.txt (one a line; `# ` lines are comments). */
export const XSS_CORPUS: readonly string[] = corpusText.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('# '));

/** Tags rich content may carry (the allowlist of worker/model/rich-text.ts, written out again on purpose). */
const SAFE_TAGS = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'div', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
]);
/** Attributes that can never run script or load active content. */
const SAFE_ATTRIBUTES = new Set(['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan']);

/** Decodes the character references a browser would decode in an attribute value (numeric and the few named ones that matter). */
function decodeAttribute(value: string): string {
  const named: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => named[name.toLowerCase()] ?? whole);
}

/** True when a URL (as the browser reads it) is one rich content may carry: http(s), mailto, tel, or a site path. */
function safeUrl(raw: string): boolean {
  // Browsers drop ASCII whitespace and control characters inside and around the scheme.
  // eslint-disable-next-line no-control-regex
  const url = decodeAttribute(raw).replace(/[\u0000-\u0020\u007f]/g, '');
  if (/^(https?:\/\/|mailto:|tel:)/i.test(url)) return true;
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * What in `html` could execute or load active content, parsed by a real HTML5 tokenizer (the runtime's
 * HTMLRewriter, not the sanitiser under test): any tag outside the allowlist (script, iframe, svg, style, base,
 * meta, form, template, …), any attribute outside the safe list (event handlers, style, srcdoc, formaction,
 * xlink:href, …), and any href/src that is not http(s)/mailto/tel or a path of the site. Empty when inert.
 */
export async function executableMarkup(html: string): Promise<string[]> {
  const findings: string[] = [];
  const rewriter = new HTMLRewriter().on('*', {
    element: (element) => {
      const tag = element.tagName.toLowerCase();
      if (!SAFE_TAGS.has(tag)) findings.push(`<${tag}>`);
      for (const [name, value] of element.attributes as unknown as Iterable<[string, string]>) {
        const attribute = name.toLowerCase();
        if (!SAFE_ATTRIBUTES.has(attribute)) findings.push(`${tag}[${attribute}]`);
        else if ((attribute === 'href' || attribute === 'src') && !safeUrl(value)) findings.push(`${tag}[${attribute}=${value}]`);
        else if (attribute === 'src' && tag === 'img' && !/^(https:\/\/|\/(media|icons)\/)/i.test(decodeAttribute(value))) findings.push(`img[src=${value}]`);
      }
    },
  });
  await rewriter.transform(new Response(html)).text();
  return findings;
}

/**
 * True when a payload spells markup only through escapes (entities, %xx, \x, \u), so a text path that decodes it
 * once shows those characters as text: such output is checked by being served and rendered as text, not here.
 */
export function spellsMarkupThroughEscapes(payload: string): boolean {
  return /&(lt|gt|#0*60|#0*62|#x0*3c|#x0*3e|amp);|%3c|\\x3c|\\u003c|\+ADw-/i.test(payload);
}
