/**
 * Focuses the form control named `name` (accounts §5 "On a failed form, the first failing field receives focus").
 * Controls are found by their name inside the form, so forms need no ref per field.
 */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
