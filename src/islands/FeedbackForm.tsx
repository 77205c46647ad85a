import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { t, type MessageKey } from '../../rules/i18n';
import { feedbackCounter } from '../../rules/content';
import { FEEDBACK_MAX } from '../../contract/calls/content-schemas';
import Dialog from '../components/Dialog';
import CaptchaField from '../components/CaptchaField';
import { usePage } from '../hooks/usePage';
import { feedbackPage } from '../stores/pages/feedback';

/** Question types in the picker's order (accounts §3). */
const TYPES = [1, 2, 3, 4, 6, 0] as const;

/**
 * The feedback form (accounts §2 Feedback screen): a question-type picker (popup), the text with its n/200
 * counter, a captcha (tap for a new one) and confirm, disabled while the text is empty; 'Sent successfully' after
 * the call. Visitors never see it (the page's AccessGate sends them to /m/login).
 */
export default function FeedbackForm() {
  const page = usePage(feedbackPage);
  const form = useStore(page.$feedback);
  const disabled = useStore(page.$disabled);
  const [nonce, setNonce] = useState(1);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void page.submit();
  };
  const typeLabel = form.type >= 0 ? t(`feedback.type.${form.type}` as MessageKey) : t('feedback.pickType');
  return (
    <form className="card feedback-form" onSubmit={onSubmit} noValidate>
      <button type="button" className="field-button" aria-haspopup="dialog" onClick={() => page.setPickerOpen(true)}>{typeLabel}</button>
      <Dialog open={form.pickerOpen} labelledBy="feedback-picker-title" onDismiss={() => page.setPickerOpen(false)}>
        <h2 id="feedback-picker-title">{t('feedback.pickType')}</h2>
        <ul className="picker-list">
          {TYPES.map((type) => (
            <li key={type}>
              <button type="button" aria-pressed={form.type === type} onClick={() => page.pickType(type)}>{t(`feedback.type.${type}` as MessageKey)}</button>
            </li>
          ))}
        </ul>
      </Dialog>
      <label className="field">
        <span>{t('feedback.content')}</span>
        <textarea rows={5} maxLength={FEEDBACK_MAX} value={form.content} onChange={(e) => page.setField('content', e.target.value)} />
        <span className="counter" aria-live="polite">{feedbackCounter(form.content)}</span>
      </label>
      <CaptchaField nonce={nonce} onReload={() => setNonce((n) => n + 1)} value={form.captcha} onValue={(v) => page.setField('captcha', v)} />
      {form.error && <p className="form-error" role="alert">{t(form.error as MessageKey)}</p>}
      {form.sent && <p className="form-success" role="status">{t('feedback.sent')}</p>}
      <button type="submit" className="btn btn-primary" disabled={disabled}>{t('common.confirm')}</button>
    </form>
  );
}
