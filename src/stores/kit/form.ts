import { atom, map, type MapStore, type ReadableAtom, type WritableAtom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { isMessageKey, type MessageKey } from '../../../rules/i18n';
import { firstFailing, inputIssues, serverErrorKey } from '../../../rules/validation';

/** Field errors of a form: a message key per failing field. */
export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

/** A request to move focus to a field (accounts §5 "the first failing field receives focus"); `at` makes repeats new. */
export interface FocusRequest<F extends string> {
  field: F;
  at: number;
}

/**
 * The state every account form shares (docs/design.md "Stores"): values, field errors, the form-level message, the
 * busy flag while a call runs, and the field the view should focus. Views subscribe; actions of the page's store
 * change it.
 */
export interface FormState<F extends string> {
  $values: MapStore<Record<F, string>>;
  $errors: WritableAtom<FieldErrors<F>>;
  $formError: WritableAtom<MessageKey | null>;
  $busy: WritableAtom<boolean>;
  $focus: ReadableAtom<FocusRequest<F> | null>;
  /** Sets one field's value (what the player typed). */
  setValue: (field: F, value: string) => void;
  /** Shows `errors` and asks the view to focus the first failing field in `order`; true when there are none. */
  showErrors: (errors: FieldErrors<F>, order: readonly F[]) => boolean;
  /** A stable setter of one field (the same function each call, so views can hand it to effects). */
  setter: (field: F) => (value: string) => void;
  /** Asks the view to focus `field`. */
  focus: (field: F) => void;
  /** Back to empty values, no errors, not busy. */
  reset: () => void;
}

let focusCounter = 0;

/** Creates the shared state of a form whose fields start as `empty`. */
export function createForm<F extends string>(empty: Record<F, string>): FormState<F> {
  const $values = map<Record<F, string>>({ ...empty });
  const $errors = atom<FieldErrors<F>>({});
  const $formError = atom<MessageKey | null>(null);
  const $busy = atom(false);
  const $focus = atom<FocusRequest<F> | null>(null);
  const focus = (field: F) => $focus.set({ field, at: ++focusCounter });
  const setValue = (field: F, value: string) => $values.setKey(field as never, value as never);
  const setters = new Map<F, (value: string) => void>();
  const setter = (field: F) => {
    let set = setters.get(field);
    if (!set) {
      set = (value: string) => setValue(field, value);
      setters.set(field, set);
    }
    return set;
  };
  return {
    $values, $errors, $formError, $busy, $focus, focus, setValue, setter,
    showErrors: (errors, order) => {
      $errors.set(errors);
      const first = firstFailing(order, errors);
      if (first) focus(first);
      return first === null;
    },
    reset: () => {
      $values.set({ ...empty });
      $errors.set({});
      $formError.set(null);
      $busy.set(false);
      $focus.set(null);
    },
  };
}

/**
 * Field errors from a refused call's `invalid_input` issues (each names a field; a wire name maps through
 * `rename`): the server's own message key where it sent a known one, else the field's `fallback` message.
 */
export function issueErrors<F extends string>(
  error: ApiRequestError,
  fields: readonly F[],
  fallback: Record<F, MessageKey>,
  rename: (path: string) => string = (path) => path,
  useServerKey = true,
): FieldErrors<F> {
  const mapped: FieldErrors<F> = {};
  for (const { path, key } of inputIssues(error.value)) {
    const field = fields.find((f) => f === rename(path));
    if (field) mapped[field] = useServerKey && key && isMessageKey(key) ? key : fallback[field];
  }
  return mapped;
}

/** The refused call behind `error`, or a rethrow when it is not an API refusal (a bug must not look like a refusal). */
export function refusal(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  throw error;
}

/** The form-level message of a refusal no field explains. */
export function formMessage(error: ApiRequestError): MessageKey {
  return serverErrorKey(error.errorCode);
}
