import { useId, type Ref } from 'react';
import { captchaImageUrl } from '../api/calls';
import FieldFrame, { describedBy } from '../components/FieldFrame';
import { t, type MessageKey } from '../lib/i18n';

/** Props of the captcha field; the parent owns the value and the image nonce (a new nonce reloads the image). */
export interface CaptchaFieldProps {
  moduleId: string;
  nonce: number;
  onReload: () => void;
  value: string;
  onValue: (value: string) => void;
  error?: MessageKey | null | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** Captcha length limit (accounts §5, §9: "captcha 1 to 16 characters"). */
export const CAPTCHA_MAX = 16;

/**
 * Captcha image and text input (accounts §2: "a captcha field with a clickable image"; §5 captcha rules).
 * The image is a button: a tap or Enter loads a new code. The server ties the answer to the last image.
 */
export default function CaptchaField({ moduleId, nonce, onReload, value, onValue, error, inputRef }: CaptchaFieldProps) {
  const id = useId();
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
        {nonce > 0 && <img src={captchaImageUrl(moduleId, nonce)} alt={t('form.captchaImage')} width={120} height={44} />}
      </button>
    </FieldFrame>
  );
}
