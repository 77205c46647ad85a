import type { ClientDirective } from 'astro';
import { controlKey, controlState, isCheckable, isKeptControl, shouldReplay, type ControlState } from '../lib/heldInput';
import { hydratesAtOnce, parseTriggers } from '../lib/hydrationTriggers';

/** What counts as the player starting to interact with the page. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'] as const;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The island's form controls whose state is kept across hydration. */
function controlsOf(island: HTMLElement): Control[] {
  return Array.from(island.querySelectorAll<Control>('input, textarea, select')).filter(isKeptControl);
}

/** The control at `before`'s place after hydration: the same element, or the island's new one of that name or id. */
function controlAfter(island: HTMLElement, control: Control): Control | null {
  if (control.isConnected && island.contains(control)) return control;
  const key = controlKey(control);
  if (!key) return null;
  const found = controlsOf(island).find((c) => c.getAttribute(key.attribute) === key.value && c.tagName === control.tagName);
  return found ?? null;
}

/** Sets `value` or `checked` through the element type's own setter, past any setter a framework put on the element. */
function setNative(control: Control, kind: ControlState['kind'], value: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, kind);
  if (kind === 'checked') descriptor?.set?.call(control, value === 'true');
  else descriptor?.set?.call(control, value);
}

/**
 * Hands a control's typed state to the hydrated island as if the player had just entered it. Text-like controls
 * and selects: the rendered value goes back first and an `input` event follows (if React has not finished
 * hydrating, this discrete event makes it hydrate at once, adopting the rendered value; if it has, its value
 * tracker learns the rendered value), then the typed value and bubbling `input` and `change`: React sees a change
 * and calls onChange. Checkboxes and radios: React's onChange listens to `click`, so the rendered state goes back
 * and the control is clicked (which ticks or unticks it and fires click, input and change).
 */
function replayControl(control: Control, kind: ControlState['kind'], before: ControlState, rendered: string): void {
  const focused = document.activeElement === control;
  const selection = focused && control instanceof HTMLInputElement && control.selectionStart !== null
    ? [control.selectionStart, control.selectionEnd ?? control.selectionStart] as const : null;
  setNative(control, kind, rendered);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  if (kind === 'checked') {
    control.click();
    return;
  }
  setNative(control, kind, before.current);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
  if (selection && control instanceof HTMLInputElement) {
    try {
      control.setSelectionRange(selection[0], selection[1]);
    } catch {
      // types without a text selection (email, number)
    }
  }
}

/**
 * `client:interaction`: hydrates an island on the player's first interaction with the page (pointer, touch, key,
 * focus or hover anywhere), not on load, so pages whose only islands are the frame's (side menu, menu button, toast
 * outlet) load no island JavaScript until the player does something. The optional value lists more triggers
 * (fragment, window event, session and local storage; src/lib/hydrationTriggers.ts).
 *
 * Nothing the player does inside the island before it has hydrated is lost:
 * - a tap (click) is held and replayed on the same element once it has (not on a checkbox or radio, or their
 *   label: those tick at once, and their state is handed over as below);
 * - a form's submit (the Enter key in a field, or a submit button) is held and replayed with `requestSubmit()`;
 * - what was typed, ticked or chosen in its inputs, textareas and selects is read just before hydrating and handed
 *   over to the island afterwards (src/lib/heldInput.ts decides which; replayControl how), before the taps and
 *   submits are replayed, so a held submit sends what was typed.
 * Why the hand-over is needed (React 19.3 as used here; checked in Chromium on a server-rendered page hydrated with
 * hydrateRoot, and the whole directive by tests/e2e/site/interaction-replay.spec.ts):
 * on hydrating a controlled or uncontrolled input whose value the player changed, React keeps the typed value in the
 * element (it does not overwrite it), sets the element's default value to what it rendered, and starts its value
 * tracker at the typed value — it fires no onChange, so the component and its store keep the rendered value
 * (empty). The next render of a controlled field writes the store's value back over the typed text, and a submit
 * sends the empty value. Checkboxes behave the same with `checked`. Dispatching `input` alone does not help (the
 * tracker already holds the typed value, so React sees no change); setting the value through the prototype's setter
 * after the rendered one and then dispatching does.
 */
const interaction: ClientDirective = (load, options, el) => {
  const triggers = parseTriggers(options.value);
  const held: Element[] = [];
  const heldForms: HTMLFormElement[] = [];
  let started = false;

  const holdClick = (event: Event) => {
    const target = event.target;
    // Any element, SVG included: a tap on a button's icon lands on the icon's <path>.
    if (!(target instanceof Element) || !el.contains(target)) return;
    // A checkbox or radio (or its label) ticks at once: its state is handed over with the typed values.
    const control = target instanceof HTMLLabelElement ? target.control : target.closest('label')?.control ?? target;
    if (control instanceof HTMLInputElement && isCheckable(control)) {
      void start();
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
    void start();
  };

  const holdSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !el.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!heldForms.includes(form)) heldForms.push(form);
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    for (const name of triggers.events) window.removeEventListener(name, start);
    const hydrate = await load();
    // What the player left in the controls (read as late as possible: typing goes on while the code loads).
    const typed = controlsOf(el).map((control) => ({ control, before: controlState(control) }));
    await hydrate();
    document.removeEventListener('click', holdClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    for (const { control, before } of typed) {
      const now = controlAfter(el, control);
      const after = now ? controlState(now) : null;
      if (now && after && shouldReplay(before, after)) replayControl(now, before.kind, before, after.rendered);
    }
    // The island's handlers are attached now: replay what was tapped meanwhile, on the same (hydrated) elements.
    for (const target of held.splice(0)) {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    }
    for (const form of heldForms.splice(0)) {
      if (form.isConnected) form.requestSubmit();
    }
  };

  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
  for (const name of triggers.events) window.addEventListener(name, start);
  try {
    if (hydratesAtOnce(triggers, {
      hash: window.location.hash,
      search: window.location.search,
      sessionItem: (key) => sessionStorage.getItem(key),
      localItem: (key) => localStorage.getItem(key),
    })) void start();
  } catch {
    // Storage unavailable: the fragment and the other triggers still apply.
    if (triggers.fragments.some((prefix) => window.location.hash.startsWith(prefix))) void start();
  }
};

export default interaction;
