import { useEffect, useId, useState } from 'react';
import FieldFrame, { describedBy } from './FieldFrame';
import { t, type MessageKey } from '../../rules/i18n';
import { countdownEnd, SMS_POLL_MS, SMS_SENDING_MS, SMS_SENT_MS, smsSecondsLeft } from '../lib/sms';

/** Props of the SMS code field; the parent owns the value and checks the phone fields before a send. */
export interface SmsCodeFieldProps {
  value: string;
  onValue: (value: string) => void;
  error?: MessageKey | null | undefined;
  /**
   * Asks for a code: null when the phone fields or the captcha are not valid yet (nothing is sent; the parent
   * shows why), else the call, resolving to the server's expirationTime, or null when the call failed (the
   * parent shows the error).
   */
  request: () => Promise<number | null> | null;
  /** Disables the get-code link (before hydration, or while the form is busy). */
  disabled?: boolean | undefined;
  /** The input's id (else a generated one): the registration form names it so the edge can write the same markup. */
  id?: string | undefined;
}

/** How the field tells the player a code is being sent and was sent (src/stores/concepts/toast.ts showToast, hideToast). */
export interface SmsToasts {
  show: (key: MessageKey, kind: 'loading' | 'success', durationMs: number) => number;
  hide: (id: number) => void;
}

/** The field's view: the toasts it shows (SmsCodeField.tsx binds them to the toast store). */
export interface SmsCodeFieldViewProps extends SmsCodeFieldProps {
  toasts: SmsToasts;
}

/**
 * SMS verification code with its get-code link (accounts §4 SMS code, §8, §9): while the code is being sent the
 * loading message in_sms_sending shows (up to 10 s); on success in_sms_send shows 1.5 s and a countdown runs to the
 * server's expiration time (or 60 s), checked every 500 ms with the seconds on the button; at 0 the link returns.
 */
export default function SmsCodeFieldView({ value, onValue, error, request, disabled, id: givenId, toasts }: SmsCodeFieldViewProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const [end, setEnd] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (end === null) return undefined;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (smsSecondsLeft(end, at) === 0) setEnd(null);
    }, SMS_POLL_MS);
    return () => clearInterval(timer);
  }, [end]);
  const secondsLeft = end === null ? 0 : smsSecondsLeft(end, now);

  const getCode = async () => {
    if (sending || secondsLeft > 0) return;
    const call = request();
    if (!call) return;
    setSending(true);
    const loading = toasts.show('in_sms_sending', 'loading', SMS_SENDING_MS);
    const expirationTime = await call;
    toasts.hide(loading);
    setSending(false);
    if (expirationTime === null) return;
    toasts.show('in_sms_send', 'success', SMS_SENT_MS);
    const at = Date.now();
    setNow(at);
    setEnd(countdownEnd(expirationTime, at));
  };

  return (
    <FieldFrame fieldId={id} label={t('forget.code')} error={error} className="sms-field" row>
      <input
        id={id}
        name="verificationCode"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      />
      <button
        type="button"
        className="btn sms-send"
        disabled={disabled === true || sending || secondsLeft > 0}
        aria-busy={sending}
        onClick={() => void getCode()}
      >
        {secondsLeft > 0 ? t('forget.wait', { seconds: secondsLeft }) : t('forget.getCode')}
      </button>
    </FieldFrame>
  );
}
