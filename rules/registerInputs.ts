/**
 * The registration form's inputs as data (accounts §2 Registration screen fields, §5 hints): the island's fields
 * (src/components/RegisterFields.tsx, which the edge renders too: worker/edge/fills/register.ts) read them. Pure.
 */
import type { MessageKey } from './i18n';
import type { RegisterField } from './validation';

/** One text input's label key, optional hint key, and input attributes (React names, in the order rendered). */
export interface TextInput {
  label: MessageKey;
  hintKey?: MessageKey;
  type?: 'password' | 'email' | 'tel' | 'date';
  /** Adds the show/hide toggle (password fields). */
  revealable?: boolean;
  autoComplete?: string;
  autoCapitalize?: string;
  spellCheck?: boolean;
  inputMode?: 'email' | 'numeric' | 'tel';
  maxLength?: number;
}

/**
 * Element id of a registration field's input: fixed (no generated ids), so the edge writes the same markup as the
 * island renders (worker/edge/fills/register.ts).
 */
export function registerFieldId(field: RegisterField): string {
  return `reg-${field}`;
}

/** A registration field typed into a plain input. */
export type TextField = Exclude<RegisterField, 'captcha' | 'countryDialingCode' | 'verificationCode'>;

const secret = { type: 'password', revealable: true, maxLength: 20 } as const;
const handle = { autoCapitalize: 'off', spellCheck: false, maxLength: 64 } as const;

/** Label and input attributes of each text field (accounts §2 Registration screen fields, §5 hints). */
export const REGISTER_INPUTS: Readonly<Record<TextField, TextInput>> = {
  username: { label: 'form.username', autoComplete: 'username', autoCapitalize: 'off', spellCheck: false, maxLength: 16, hintKey: 'form.usernameHint' },
  password: { label: 'form.password', ...secret, autoComplete: 'new-password', hintKey: 'form.passwordHint' },
  confirmPassword: { label: 'form.confirmPassword', ...secret, autoComplete: 'new-password' },
  paymentPassword: { label: 'form.paymentPassword', ...secret, autoComplete: 'off', hintKey: 'form.passwordHint' },
  affiliateCode: { label: 'form.affiliateCode', autoCapitalize: 'characters', spellCheck: false, maxLength: 32 },
  recommenderId: { label: 'form.recommenderId', autoCapitalize: 'off', spellCheck: false, maxLength: 32 },
  nickname: { label: 'form.nickname', autoComplete: 'nickname', maxLength: 20 },
  payeeName: { label: 'form.payeeName', autoComplete: 'name', maxLength: 50, hintKey: 'form.payeeNameHint' },
  email: { label: 'form.email', type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'off' },
  mobileNum: { label: 'form.mobileNum', type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 11, hintKey: 'form.mobileHint' },
  idNumber: { label: 'form.idNumber', autoCapitalize: 'characters', spellCheck: false, maxLength: 32 },
  qqNum: { label: 'form.qqNum', inputMode: 'numeric', maxLength: 12 },
  facebook: { label: 'form.facebook', ...handle },
  wechat: { label: 'form.wechat', ...handle },
  line: { label: 'form.line', ...handle },
  whatsapp: { label: 'form.whatsapp', type: 'tel', inputMode: 'tel', maxLength: 16 },
  zalo: { label: 'form.zalo', type: 'tel', inputMode: 'tel', maxLength: 16 },
  dateOfBirth: { label: 'form.dateOfBirth', type: 'date', autoComplete: 'bday', maxLength: 10 },
};
