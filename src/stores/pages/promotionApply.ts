import { atom, computed } from 'nanostores';
import { applyPromotion, getPromotions, type Announcement } from '../../api/content';
import { ApiRequestError } from '../../api/client';
import { isRealAccount } from '../../lib/account';
import { applyImageProblem, clampRemark } from '../../../rules/content';
import { createFetcher, type FetcherStore } from '../kit/fetcher';
import { $language } from '../concepts/language';
import { $session, sessionMemberType, type SessionInfo } from '../concepts/session';
import { createPage } from '../kit/page';

/**
 * The promotion detail's apply flow (accounts §2 /m/activityDetail, §4 statuses, §5 Activity apply). The page's
 * text is written by the edge; this store adds what depends on the player: the promotion's status label and
 * whether it takes an application, read from the announcement list with the session's token (an empty token for
 * a visitor), and the form — remark up to 140 characters, up to 3 png/jpg images of up to 5 MB, checked here
 * before upload and by content on the server.
 */

/** The site's promotions as this session sees them (status per member), one fetcher store per session. */
export const promotions = createFetcher<Announcement[]>((_key, _language, signal) => getPromotions(signal), $language);

/** The promotions store of a session (visitors share one). */
export function promotionsFor(session: SessionInfo | null): FetcherStore<Announcement[]> {
  return promotions(session ? `member:${session.token}` : 'visitor');
}

/** Who may apply: a real member; a visitor is asked to log in; a trial or guest account is refused (free_reject). */
export type ApplyAccess = 'member' | 'login' | 'free_reject';

export const $applyAccess = computed($session, (session): ApplyAccess => {
  if (!session) return 'login';
  return isRealAccount(sessionMemberType(session)) ? 'member' : 'free_reject';
});

/** The apply form. `error` is a message key; `applied` turns true once the server answered 'applying'. */
export interface ApplyForm {
  promotionId: number | null;
  remark: string;
  images: File[];
  sending: boolean;
  error: string | null;
  applied: boolean;
}

const EMPTY: ApplyForm = { promotionId: null, remark: '', images: [], sending: false, error: null, applied: false };

/** The promotion of the page in a loaded list, or null (unknown id, not loaded yet). */
export function promotionOf(list: readonly Announcement[] | undefined, id: number | null): Announcement | null {
  return (id !== null && list?.find((p) => p.id === id)) || null;
}

const IMAGE_PROBLEM_KEYS = { count: 'promo.imageCount', type: 'promo.imageType', size: 'promo.imageSize' } as const;

/** The message key of a refused application. */
function refusalKey(code: string): string {
  switch (code) {
    case 'image_invalid': return 'promo.imageType';
    case 'image_too_large': return 'promo.imageSize';
    case 'too_many_images': return 'promo.imageCount';
    case 'promotion_closed': case 'promotion_not_applicable': case 'promotion_not_found': return 'promo.notOpen';
    case 'free_reject': return 'free_reject';
    case 'customer.not.login': return 'error.not_logged_in';
    case 'TOO_MANY_REQUEST': return 'error.too_many_requests';
    case 'network': return 'error.network';
    default: return 'error.internal_error';
  }
}

/**
 * The apply form of one visit of the promotion detail (accounts §2 /m/activityDetail, §5 Activity apply), made per
 * visit (src/stores/kit/page.ts):
 * - `$apply`: the promotion of the page's query, the remark, the picked images, sending, the error (a message
 *   key), `applied` (true once the server answered 'applying').
 * - `open(search)`: the promotion of the page's query (`?id=…`, digits only); a fresh form.
 * - `setRemark(text)`: typing the remark, kept to 140 characters.
 * - `addImages(files)`: adds picked images in order; the first one that breaks a rule stops there and shows why;
 *   `removeImage(index)`: removes the picked image at `index`.
 * - `submit()`: sends the application (accounts §5). Only a real member sends; on 'applying' (or when the server
 *   says it was already applied) the form is done and the promotions are read again, so the status label shows
 *   the server's.
 * An answer that arrives after the page exits is dropped from the form (the session's promotions are still read
 * again: the application was filed).
 */
export const promotionApplyPage = createPage('activityDetail', (visit) => {
  const $apply = atom<ApplyForm>(EMPTY);

  function patch(change: Partial<ApplyForm>): void {
    $apply.set({ ...$apply.get(), ...change });
  }

  function open(search: string): void {
    const id = new URLSearchParams(search).get('id');
    $apply.set({ ...EMPTY, promotionId: id !== null && /^\d{1,10}$/.test(id) ? Number(id) : null });
  }

  function setRemark(text: string): void {
    patch({ remark: clampRemark(text), error: null });
  }

  function addImages(files: readonly File[]): void {
    const images = [...$apply.get().images];
    let error: string | null = null;
    for (const file of files) {
      const problem = applyImageProblem(file, images.length);
      if (problem) {
        error = IMAGE_PROBLEM_KEYS[problem];
        break;
      }
      images.push(file);
    }
    patch({ images, error });
  }

  function removeImage(index: number): void {
    patch({ images: $apply.get().images.filter((_, i) => i !== index), error: null });
  }

  async function submit(): Promise<void> {
    const form = $apply.get();
    const access = $applyAccess.get();
    if (form.sending || form.promotionId === null) return;
    if (access !== 'member') {
      patch({ error: access === 'login' ? 'error.not_logged_in' : 'free_reject' });
      return;
    }
    patch({ sending: true, error: null });
    try {
      await applyPromotion(form.promotionId, form.remark.trim(), form.images);
      if (!visit.exited) $apply.set({ ...EMPTY, promotionId: form.promotionId, applied: true });
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      if (!visit.exited) {
        if (code === 'already_applied') $apply.set({ ...EMPTY, promotionId: form.promotionId, applied: true });
        else patch({ sending: false, error: refusalKey(code) });
      }
    }
    promotionsFor($session.get()).revalidate();
  }

  return { $apply, open, setRemark, addImages, removeImage, submit };
});

/** One visit of the promotion detail's apply form. */
export type PromotionApplyPage = ReturnType<typeof promotionApplyPage>;
