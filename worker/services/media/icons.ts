/**
 * Deterministic SVG artwork for games and banners, so the demo catalogue has good-looking tiles without image
 * files. Pure functions: the same input always gives the same bytes (cacheable for a day by the icons router).
 */

const FONT = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;

/** Escapes text for XML text nodes and attribute values (&, <, >, ", '). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch] ?? ch);
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** 32-bit FNV-1a hash: picks colours and shapes from a name. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Shortens text to `max` characters (code points) with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`;
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters; the last line is truncated. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (Array.from(candidate).length <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = truncate(`${kept[maxLines - 1] ?? ''} ${lines.slice(maxLines).join(' ')}`, width);
    return kept.map((l) => truncate(l, width));
  }
  return lines.map((l) => truncate(l, width));
}

function palette(seed: string): { from: string; to: string; accent: string; hash: number } {
  const hash = hashText(seed);
  const hue = hash % 360;
  const shift = 35 + ((hash >>> 9) % 70);
  return {
    from: `hsl(${hue} 72% 46%)`,
    to: `hsl(${(hue + shift) % 360} 78% 28%)`,
    accent: `hsl(${(hue + 180) % 360} 90% 70%)`,
    hash,
  };
}

/**
 * Square game tile art (256×256): a gradient chosen by the game name and two soft shapes. The art carries no text
 * at all: the tile prints the name and the vendor (GameTile), so they are read once, in the player's language
 * direction, and never clash with the tile's own overlays (favourite button). Text is also what made these images
 * dear to draw: each SVG image is a document of its own, and one with text resolves and shapes its font on the main
 * thread; twenty tiles of initials kept the game list's main thread busy past Lighthouse's 50 ms (issue 9). Nor is
 * the art clipped to rounded corners: the tile's box does that.
 */
export function gameIconSvg(input: { gameName: string; vendorLabel: string }): string {
  const { from, to, accent, hash } = palette(input.gameName);
  const cx = 40 + (hash % 176);
  const cy = 30 + ((hash >>> 8) % 90);
  const r = 70 + ((hash >>> 16) % 60);
  const title = escapeXml(`${input.gameName} · ${input.vendorLabel}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${title}">
<title>${title}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="0.10"/>
<circle cx="${256 - cx / 2}" cy="${200 - cy / 3}" r="${r / 2}" fill="${accent}" opacity="0.18"/>
</svg>`;
}

/** Wide banner (1280×720, 16:9): a gradient chosen by the title, shapes, the title in up to three lines and the site name. */
export function bannerSvg(input: { title: string; siteName: string }): string {
  const { from, to, accent, hash } = palette(input.title);
  const lines = wrapText(input.title, 26, 3);
  const top = 360 - ((lines.length - 1) * 78) / 2 + 20;
  const text = lines
    .map((line, i) => `<text x="96" y="${top + i * 78}" font-family="${FONT}" font-size="68" font-weight="800" fill="#fff">${escapeXml(line)}</text>`)
    .join('\n');
  const title = escapeXml(input.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720" role="img" aria-label="${title}">
<title>${title}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="${980 + (hash % 160)}" cy="${160 + ((hash >>> 8) % 160)}" r="${240 + ((hash >>> 16) % 80)}" fill="#fff" opacity="0.10"/>
<circle cx="${1100 - ((hash >>> 4) % 200)}" cy="620" r="180" fill="${accent}" opacity="0.20"/>
<rect x="96" y="${top - 150}" width="120" height="10" rx="5" fill="${accent}"/>
${text}
<text x="96" y="660" font-family="${FONT}" font-size="30" font-weight="600" fill="#fff" opacity="0.85">${escapeXml(truncate(input.siteName, 40))}</text>
</svg>`;
}
