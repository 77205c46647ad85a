import { useEffect, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { focusField } from '../lib/focusField';
import type { FocusRequest } from '../stores/kit/form';

/**
 * Moves focus to the field a form store asks for (accounts §5 "the first failing field receives focus"); `alias`
 * maps a store field to the input's name where they differ.
 */
export function useFieldFocus<F extends string>(form: RefObject<HTMLFormElement | null>, $focus: ReadableAtom<FocusRequest<F> | null>, alias: Partial<Record<F, string>> = {}): void {
  const request = useStore($focus);
  useEffect(() => {
    if (request) focusField(form.current, alias[request.field] ?? request.field);
    // alias is a constant of the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, form]);
}
