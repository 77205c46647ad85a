import { atom, computed } from 'nanostores';
import { sendFeedback } from '../../api/content';
import { ApiRequestError } from '../../api/client';
import { feedbackProblem, feedbackSubmitDisabled } from '../../../rules/content';
import { loadCaptcha } from '../concepts/captcha';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import { createPage } from '../kit/page';

/** The feedback form (accounts §2 Feedback screen, §4, §5). `type` starts unset (-1). */
export interface FeedbackForm {
  type: number;
  content: string;
  captcha: string;
  pickerOpen: boolean;
  sending: boolean;
  /** A message key of the current problem, or null. */
  error: string | null;
  sent: boolean;
}

const EMPTY: FeedbackForm = { type: -1, content: '', captcha: '', pickerOpen: false, sending: false, error: null, sent: false };

/**
 * The feedback page of one visit (accounts §2 Feedback screen, /m/feedback), made per visit
 * (src/stores/kit/page.ts), so each visit starts with an empty form:
 * - `$feedback`: the form (type unset as -1, content, captcha, the picker, sending, the error, sent);
 *   `$disabled`: submit is disabled only while the text is empty (or a send is under way).
 * - `setPickerOpen(open)`: opens or closes the question-type picker; `pickType(type)`: a pick sets the type and
 *   closes the picker (accounts §4); `setField(field, value)`: typing in the text area or the captcha field.
 * - `submit()`: checks and sends (accounts §5): a type is picked, the content has 20–200 characters, a captcha is
 *   entered; then the call; success clears the form ('Sent successfully'); a refusal shows its message; either
 *   way a new captcha loads.
 * An answer that arrives after the page exits is dropped.
 */
export const feedbackPage = createPage('feedback', (visit) => {
  const $feedback = atom<FeedbackForm>(EMPTY);
  const $disabled = computed($feedback, (f) => feedbackSubmitDisabled(f.content) || f.sending);

  function patch(change: Partial<FeedbackForm>): void {
    $feedback.set({ ...$feedback.get(), ...change });
  }

  function setPickerOpen(open: boolean): void {
    patch({ pickerOpen: open });
  }

  function pickType(type: number): void {
    patch({ type, pickerOpen: false, error: null });
  }

  function setField(field: 'content' | 'captcha', value: string): void {
    patch({ [field]: value, error: null, sent: false });
  }

  async function submit(): Promise<void> {
    const form = $feedback.get();
    const problem = form.type < 0 ? 'feedback.pickType'
      : feedbackProblem(form.content) === 'short' ? 'feedback.tooShort'
        : feedbackProblem(form.content) === 'long' ? 'feedback.tooLong'
          : form.captcha.trim() === '' ? 'error.captcha_required' : null;
    if (problem) {
      patch({ error: problem });
      return;
    }
    patch({ sending: true, error: null });
    try {
      await sendFeedback({ content: form.content.trim(), type: form.type, captcha: form.captcha.trim() });
      if (visit.exited) return;
      $feedback.set({ ...EMPTY, sent: true });
    } catch (error) {
      if (visit.exited) return;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      patch({ sending: false, captcha: '', error: code === 'captcha_invalid' ? 'error.captcha_invalid' : code === 'TOO_MANY_REQUEST' ? 'error.too_many_requests' : 'error.internal_error' });
    }
    void loadCaptcha();
  }

  return { $feedback, $disabled, setPickerOpen, pickType, setField, submit };
});

/** One visit of the feedback page. */
export type FeedbackPage = ReturnType<typeof feedbackPage>;
