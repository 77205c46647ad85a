import { useEffect, type ChangeEvent, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t, type MessageKey } from '../../rules/i18n';
import { promotionStatusKey, remarkCounter } from '../../rules/content';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';
import { REMARK_MAX } from '../../contract/calls/content-schemas';
import { $session } from '../stores/concepts/session';
import {
  $applyAccess, promotionApplyPage, promotionOf, promotionsFor,
} from '../stores/pages/promotionApply';
import { usePage } from '../hooks/usePage';

/**
 * Under the promotion the edge wrote into /m/activityDetail (accounts §2, §4, §5): the player's status label and,
 * while the promotion takes applications and the player has not applied, the apply form (remark with its n/140
 * counter, up to 3 png/jpg images). Visitors are asked to log in; trial accounts see free_reject. Nothing for an
 * unknown id, or where the deployment has no apply call (capability `promotion-apply`).
 */
export default function PromotionApply() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const list = useStore(promotionsFor(session));
  const page = usePage(promotionApplyPage);
  const form = useStore(page.$apply);
  const access = useStore($applyAccess);
  useEffect(() => page.open(window.location.search), [page]);
  const promotion = promotionOf(list.data, form.promotionId);
  if (!hydrated || !promotion) return null;
  const statusKey = promotionStatusKey(form.applied ? 'applying' : promotion.status);
  const status = statusKey && <p className="promo-label promo-status" role="status">{t(statusKey as MessageKey)}</p>;
  const open = promotion.applicable && promotion.status === '' && !form.applied && hasCapability(CAPABILITIES.promotionApply);
  if (!open) return status || null;
  if (access === 'login') {
    return <p className="card apply-form"><a className="btn btn-primary" href="/m/login">{t('promo.loginToApply')}</a></p>;
  }
  if (access === 'free_reject') return <p className="card apply-form" role="alert">{t('free_reject')}</p>;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void page.submit();
  };
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    page.addImages([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  return (
    <form className="card apply-form" onSubmit={onSubmit} noValidate>
      <label className="field">
        <span>{t('promo.remark')}</span>
        <textarea rows={3} maxLength={REMARK_MAX} value={form.remark} onChange={(e) => page.setRemark(e.target.value)} />
        <span className="counter" aria-live="polite">{remarkCounter(form.remark)}</span>
      </label>
      <label className="field">
        <span>{t('promo.images')}</span>
        <input type="file" accept="image/png,image/jpeg" multiple onChange={onFiles} />
      </label>
      {form.images.length > 0 && (
        <ul className="apply-images">
          {form.images.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span>{file.name}</span>
              <button type="button" className="btn btn-small" onClick={() => page.removeImage(i)}>{t('promo.removeImage')}</button>
            </li>
          ))}
        </ul>
      )}
      {form.error && <p className="form-error" role="alert">{t(form.error as MessageKey)}</p>}
      <button type="submit" className="btn btn-primary" disabled={form.sending}>{t('promo.apply')}</button>
    </form>
  );
}
