import { atom } from 'nanostores';
import { getCaptcha } from '../../api/system';
import './session'; // connects the API client to the session (src/api imports no store)

/**
 * The captcha image of this page (platform-contract.md §3 "captcha"): a `data:image/png;base64,…` URL, or null
 * while none is loaded (or the last load failed). The server binds the answer to the LAST image fetched (cookie),
 * so every captcha field of the page shows this one image.
 */
export const $captchaImage = atom<string | null>(null);

let latest = 0;

/**
 * Fetches a fresh challenge (first show, or a tap on the image) and shows it; an answer that arrives after a newer
 * request was made is dropped, so the image shown is always the one the server will check against.
 */
export async function loadCaptcha(): Promise<void> {
  const ticket = ++latest;
  try {
    const png = await getCaptcha();
    if (ticket === latest) $captchaImage.set(`data:image/png;base64,${png}`);
  } catch {
    if (ticket === latest) $captchaImage.set(null);
  }
}
