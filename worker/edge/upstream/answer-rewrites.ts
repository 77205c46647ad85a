/**
 * Rewrites of the platform's API answers on their way to PlayDeck's browser (docs/upstream-mode.md): plain
 * customer-service paths and sanitised rich content. Used by upstream.ts forwardApiCall.
 */
import { ApiError } from '../../lib/envelope';
import { decryptServicePath } from '../../services/crypto/legacy-crypto';
import { sanitizeContentAnswer } from '../../services/content/content-sanitise';
import { decryptServicePaths, endToEndHeaders } from './forwarding';

/** The upstream's answer as ours: status, end-to-end headers and body. */
function relay(answer: Response): Response {
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: endToEndHeaders(answer.headers) });
}

/**
 * The platform's JSON answer rewritten by `transform` (which may change the parsed value in place or return a new
 * one), re-serialised with the end-to-end headers (length and encoding dropped: the body changed). An answer that is
 * not JSON is relayed as is; one that claims JSON but does not parse goes to `onBadJson` (relay it, or refuse).
 */
async function rewriteJsonAnswer(
  answer: Response,
  transform: (parsed: unknown) => unknown,
  onBadJson: (text: string) => Response,
): Promise<Response> {
  if (!(answer.headers.get('Content-Type') ?? '').includes('json')) return relay(answer);
  const text = await answer.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return onBadJson(text);
  }
  const headers = endToEndHeaders(answer.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(JSON.stringify(transform(parsed)), { status: answer.status, statusText: answer.statusText, headers });
}

/**
 * The status or domain-route answer with its DES-encrypted service paths made plain (§1.6.6, contract/legacy.ts); a body
 * that does not parse is relayed unchanged (the browser's own parsing reports it).
 */
export function withPlainServicePaths(answer: Response): Promise<Response> {
  return rewriteJsonAnswer(
    answer,
    (parsed) => {
      decryptServicePaths(parsed, decryptServicePath);
      return parsed;
    },
    (text) => new Response(text, { status: answer.status, headers: endToEndHeaders(answer.headers) }),
  );
}

/**
 * The help-centre or announcement-list answer with the operator's rich HTML sanitised (content-sanitise.ts): the
 * platform's content is shown by PlayDeck's pages, so it passes the same allowlist as built-in content. Content
 * that claims JSON but does not parse is refused (502 upstream_unavailable): unsanitised HTML must not pass.
 */
export function withSanitisedContent(answer: Response): Promise<Response> {
  return rewriteJsonAnswer(answer, sanitizeContentAnswer, () => {
    throw new ApiError(502, 'upstream_unavailable', 'The platform answered content that is not JSON');
  });
}
