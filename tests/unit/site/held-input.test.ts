import { describe, expect, it } from 'vitest';
import { controlKey, controlState, isKeptControl, shouldReplay, typedBeforeHydration, type ControlState } from '../../../src/lib/heldInput';

const text = (current: string, rendered = ''): ControlState => ({ kind: 'value', current, rendered });
const box = (current: boolean, rendered: boolean): ControlState => ({ kind: 'checked', current: String(current), rendered: String(rendered) });

describe('controls kept across hydration (client:interaction)', () => {
  it.each([
    ['input', 'text', true], ['input', 'password', true], ['input', 'tel', true], ['input', 'checkbox', true], ['input', 'radio', true],
    ['INPUT', undefined, true], ['textarea', undefined, true], ['select', undefined, true],
    ['input', 'submit', false], ['input', 'button', false], ['input', 'hidden', false], ['input', 'file', false], ['input', 'image', false],
  ])('%s type=%s → %s', (tagName, type, kept) => {
    expect(isKeptControl({ tagName, value: '', ...(type ? { type } : {}) })).toBe(kept);
  });

  it('reads a text field, a checkbox, a radio and a select against what the page rendered', () => {
    expect(controlState({ tagName: 'INPUT', type: 'text', value: 'ann', defaultValue: '' })).toEqual(text('ann'));
    expect(controlState({ tagName: 'INPUT', type: 'checkbox', value: 'on', checked: true, defaultChecked: false })).toEqual(box(true, false));
    expect(controlState({ tagName: 'INPUT', type: 'radio', value: 'a', checked: true, defaultChecked: false })).toEqual({ ...box(true, false), radio: true });
    const options = [{ value: '86', defaultSelected: false }, { value: '91', defaultSelected: true }];
    expect(controlState({ tagName: 'SELECT', value: '86', options })).toEqual(text('86', '91'));
    // No option marked: a browser shows the first.
    expect(controlState({ tagName: 'SELECT', value: '91', options: [{ value: '86', defaultSelected: false }, { value: '91', defaultSelected: false }] })).toEqual(text('91', '86'));
    expect(controlState({ tagName: 'SELECT', value: '', options: [] })).toEqual(text('', ''));
  });

  it('counts a control as typed when it no longer holds what was rendered', () => {
    expect(typedBeforeHydration(text('ann'))).toBe(true);
    expect(typedBeforeHydration(text(''))).toBe(false);
    expect(typedBeforeHydration(box(false, true))).toBe(true);
    expect(typedBeforeHydration(box(true, true))).toBe(false);
  });
});

describe('handing typed state to the hydrated island', () => {
  it.each<[string, ControlState, ControlState | null, boolean]>([
    // React 19 keeps the typed text in the element and sets its default value to what it rendered.
    ['typed, kept in the element after hydration', text('ann'), text('ann', ''), true],
    ['typed, then a re-render wrote the rendered value back', text('ann'), text('', ''), true],
    ['typed, the island rendered a new element (remembered username filled in)', text('ann'), text('bob', 'bob'), true],
    ['typed, the island renders the typed value already', text('ann'), text('ann', 'ann'), false],
    ['typed on after hydration (the island saw it)', text('ann'), text('anna', ''), false],
    ['nothing typed', text(''), text('', ''), false],
    ['no control any more', text('ann'), null, false],
    ['a text field became a checkbox', text('on'), box(false, false), false],
    ['unticked before hydration', box(false, true), box(false, true), true],
    ['ticked before hydration', box(true, false), box(true, false), true],
    ['ticked, the island renders it ticked', box(true, false), box(true, true), false],
    ['a radio ticked', { ...box(true, false), radio: true }, { ...box(true, false), radio: true }, true],
    // Unticking a radio is ticking another one of its group: that one is handed over.
    ['a radio unticked', { ...box(false, true), radio: true }, { ...box(false, true), radio: true }, false],
  ])('%s → %s', (_name, before, after, expected) => {
    expect(shouldReplay(before, after)).toBe(expected);
  });

  it('finds a replaced control by name, else by id', () => {
    expect(controlKey({ name: 'username', id: 'r1' })).toEqual({ attribute: 'name', value: 'username' });
    expect(controlKey({ name: '', id: 'reg-agree' })).toEqual({ attribute: 'id', value: 'reg-agree' });
    expect(controlKey({ name: '', id: '' })).toBeNull();
  });
});
