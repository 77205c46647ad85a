import { hideToast, showToast } from '../stores/concepts/toast';
import SmsCodeFieldView, { type SmsCodeFieldProps, type SmsToasts } from './SmsCodeFieldView';

export type { SmsCodeFieldProps } from './SmsCodeFieldView';

/** The toast store's toasts. */
export const SMS_TOASTS: SmsToasts = { show: showToast, hide: hideToast };

/** SMS verification code with its get-code link (accounts §4, §8, §9): the view SmsCodeFieldView.tsx with the toast store. */
export default function SmsCodeField(props: SmsCodeFieldProps) {
  return <SmsCodeFieldView {...props} toasts={SMS_TOASTS} />;
}
