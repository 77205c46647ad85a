import { useEffect, useId, type Ref } from 'react';
import FieldFrame, { describedBy } from './FieldFrame';
import { t, type MessageKey } from '../../rules/i18n';

/** Props of the captcha field; the parent owns the value and the image nonce (a new nonce reloads the image). */
export interface CaptchaFieldProps {
  /**
   * The form's module (kept for the callers); the captcha call itself always sends `ModuleId: CAPTCHA3`
   * (platform-contract.md §3), so this is not sent.
   */
  moduleId?: string | undefined;
  nonce: number;
  onReload: () => void;
  value: string;
  onValue: (value: string) => void;
  error?: MessageKey | null | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** The input's id (else a generated one): the registration form names it so the edge can write the same markup. */
  id?: string | undefined;
}

/** The field's view: the image as loaded, and how to load one (CaptchaField.tsx binds them to the captcha store). */
export interface CaptchaFieldViewProps extends CaptchaFieldProps {
  /** The image (a data URL); null until loaded. */
  image: string | null;
  /** Loads a new image (run when the nonce is above 0 and changes). */
  onLoadImage: () => void;
}

/** Captcha length limit (accounts §5, §9: "captcha 1 to 16 characters"). */
export const CAPTCHA_MAX = 16;

/**
 * Captcha image and text input (accounts §2: "a captcha field with a clickable image"; §5 captcha rules).
 * The image is a button: a tap or Enter loads a new code (a new nonce). The image is the base64 PNG of
 * GET /wps/captcha (platform-contract.md §3), fetched by the captcha store; the server ties the answer to the last
 * image. The view: the registration form's first HTML renders it on the server (worker/edge/fills/register.ts) with
 * no image yet.
 */
export default function CaptchaFieldView({ nonce, onReload, value, onValue, error, inputRef, id: givenId, image, onLoadImage }: CaptchaFieldViewProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  useEffect(() => {
    if (nonce > 0) onLoadImage();
  }, [nonce]); // eslint-disable-line react-hooks/exhaustive-deps -- a new nonce, not a new callback, asks for an image

  return (
    <FieldFrame fieldId={id} label={t('form.captcha')} error={error} className="captcha-field" row>
      <input
        id={id}
        ref={inputRef}
        name="captcha"
        type="text"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={CAPTCHA_MAX}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      />
      <button type="button" className="captcha-image" onClick={onReload} aria-label={t('form.captchaImage')}>
        {nonce > 0 && image && <img src={image} alt={t('form.captchaImage')} width={120} height={44} />}
      </button>
    </FieldFrame>
  );
}
