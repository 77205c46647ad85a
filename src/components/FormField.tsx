import { useEffect, useEffectEvent, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { t, type MessageKey } from '../../rules/i18n';
import FieldFrame, { describedBy } from './FieldFrame';
import Icon from './Icon';

/** Props of one labelled form field. */
export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Message key of the field's error, shown under it and announced with it. */
  error?: MessageKey | null | undefined;
  hint?: string | undefined;
  /** Marks the label "optional" (accounts §5: a non-required empty field passes). */
  optional?: boolean | undefined;
  /** Adds the show/hide toggle of password fields (accounts §2). */
  revealable?: boolean | undefined;
  /** Receives the input element (for focusing the first failing field). */
  inputRef?: ((element: HTMLInputElement | null) => void) | undefined;
  /**
   * Runs when the player leaves the field (blur), and once on mount when a value typed into the pre-rendered page
   * was left before the page hydrated (that blur happened before any handler existed).
   */
  onLeave?: (() => void) | undefined;
}

/**
 * A labelled input with hint, error text and, for passwords, a show/hide toggle with aria-pressed
 * (accounts §2 Login and Registration screens). The input is uncontrolled with its value mirrored into the
 * form's state: text typed into the pre-rendered page before hydration is kept and handed over on mount (and a
 * field already left then gets its `onLeave`).
 */
export default function FormField({
  label, value, onValue, error, hint, optional, revealable, inputRef, onLeave, type = 'text', id, ...input
}: FormFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [shown, setShown] = useState(false);
  const own = useRef<HTMLInputElement | null>(null);
  const adoptTyped = useEffectEvent(() => {
    const typed = own.current?.value ?? '';
    if (typed !== '' && typed !== value) onValue(typed);
    if (typed !== '' && own.current !== document.activeElement) onLeave?.();
  });
  useEffect(() => adoptTyped(), []);
  const attach = (element: HTMLInputElement | null) => {
    own.current = element;
    inputRef?.(element);
  };
  const labelText = (
    <>
      {label}
      {optional && <span className="field-optional"> ({t('form.optional')})</span>}
    </>
  );
  return (
    <FieldFrame fieldId={fieldId} label={labelText} error={error} hint={hint} row={revealable}>
      <input
        {...input}
        id={fieldId}
        ref={attach}
        type={revealable && shown ? 'text' : type}
        defaultValue={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        onBlur={onLeave}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
      />
      {revealable && (
        <button
          type="button"
          className="field-reveal"
          aria-pressed={shown}
          aria-label={t('form.showPassword')}
          aria-controls={fieldId}
          title={t('form.showPassword')}
          onClick={() => setShown((s) => !s)}
        >
          <Icon name={shown ? 'eyeOff' : 'eye'} />
        </button>
      )}
    </FieldFrame>
  );
}
