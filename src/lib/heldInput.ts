/**
 * What a player typed into an island before it hydrated (src/directives/interaction.ts): the rules that decide
 * which form controls to hand over to the hydrated island. The directive reads the controls (DOM) and applies the
 * decisions; these functions see plain values only.
 */

/** One form control's state: its value (inputs, textareas, selects) or checkedness ('true'/'false'). */
export interface ControlState {
  /** `value` for text-like inputs, textareas and selects; `checked` for checkboxes and radios. */
  kind: 'value' | 'checked';
  /** What the control holds now. */
  current: string;
  /** What the page rendered: its default value, default checkedness or default-selected option. */
  rendered: string;
  /** Radios: unticking one is ticking another of its group (only a tick is handed over). */
  radio?: true;
}

/** What a form control looks like to these rules (an input, textarea or select, or a stand-in in tests). */
export interface ControlLike {
  tagName: string;
  type?: string;
  value: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  /** Selects: their options with the default selection. */
  options?: ArrayLike<{ value: string; defaultSelected: boolean }>;
}

/** Input types that hold nothing a player types or ticks (buttons, files, hidden values). */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

/** True for the controls whose state is kept across hydration (text-like inputs, checkboxes, radios, textareas, selects). */
export function isKeptControl(control: ControlLike): boolean {
  const tag = control.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && !NOT_TYPED.has((control.type ?? 'text').toLowerCase());
}

/** True for checkboxes and radios (their state is `checked`, not `value`). */
export function isCheckable(control: ControlLike): boolean {
  const type = (control.type ?? '').toLowerCase();
  return control.tagName.toLowerCase() === 'input' && (type === 'checkbox' || type === 'radio');
}

/**
 * The control's state. A select's rendered value is its default-selected option's (else its first option's, as a
 * browser shows it).
 */
export function controlState(control: ControlLike): ControlState {
  if (isCheckable(control)) {
    const state: ControlState = { kind: 'checked', current: String(control.checked === true), rendered: String(control.defaultChecked === true) };
    return (control.type ?? '').toLowerCase() === 'radio' ? { ...state, radio: true } : state;
  }
  if (control.tagName.toLowerCase() === 'select') {
    const options = Array.from(control.options ?? []);
    const chosen = options.find((option) => option.defaultSelected) ?? options[0];
    return { kind: 'value', current: control.value, rendered: chosen?.value ?? '' };
  }
  return { kind: 'value', current: control.value, rendered: control.defaultValue ?? '' };
}

/** True when the player changed the control before hydration (it no longer holds what the page rendered). */
export function typedBeforeHydration(before: ControlState): boolean {
  return before.current !== before.rendered;
}

/**
 * Whether to hand a control's pre-hydration state (`before`, read just before hydrating) to the hydrated island,
 * given the control's state now (`after`: the same element, or the one the island rendered in its place; null when
 * there is none). Yes when the player had changed it and, since then, it either still holds that (the island may not
 * know it: React adopts a typed value on hydration without telling the component) or went back to what the island
 * rendered (a re-render or a new element dropped it). No when the player has changed it again since hydrating (the
 * island saw that), or the island already renders the typed state.
 */
export function shouldReplay(before: ControlState, after: ControlState | null): boolean {
  if (!after || !typedBeforeHydration(before) || after.kind !== before.kind) return false;
  if (before.radio && before.current !== 'true') return false;
  if (after.rendered === before.current) return false;
  return after.current === before.current || after.current === after.rendered;
}

/** How to find a control again after hydration when its element was replaced: its name, else its id (null: neither). */
export function controlKey(control: { name?: string; id?: string }): { attribute: 'name' | 'id'; value: string } | null {
  if (control.name) return { attribute: 'name', value: control.name };
  if (control.id) return { attribute: 'id', value: control.id };
  return null;
}
