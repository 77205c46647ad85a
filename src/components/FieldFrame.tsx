import type { ReactNode } from 'react';
import { t, type MessageKey } from '../../rules/i18n';

/** Props of the frame around one form input. */
export interface FieldFrameProps {
  /** The input's id: the label points at it, and the error and hint ids derive from it. */
  fieldId: string;
  label: ReactNode;
  /** Message key of the field's error, shown under the input. */
  error?: MessageKey | null | undefined;
  hint?: string | undefined;
  /** Extra class on the field (e.g. captcha-field). */
  className?: string | undefined;
  /** Lays the input and its button (reveal, captcha image, get code) out in one row. */
  row?: boolean | undefined;
  children: ReactNode;
}

/** The aria-describedby value for a field's input: its error text first, then its hint (undefined when neither). */
export function describedBy(fieldId: string, error: MessageKey | null | undefined, hint?: string): string | undefined {
  return [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * The shared layout of every form field (accounts §2 Login and Registration screens): the visible label, the
 * input (with its button when `row`), then the translated error and the hint, each with the id the input's
 * aria-describedby names (see describedBy).
 */
export default function FieldFrame({ fieldId, label, error, hint, className, row, children }: FieldFrameProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' field-invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <div className={row ? 'field-row' : undefined}>{children}</div>
      {error && (
        <p className="field-error" id={`${fieldId}-error`}>
          {t(error)}
        </p>
      )}
      {hint && (
        <p className="field-hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
