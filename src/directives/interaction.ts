import type { ClientDirective } from 'astro';
import { hydratesAtOnce, parseTriggers } from '../lib/hydrationTriggers';

/** What counts as the player starting to interact with the page. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'] as const;

/**
 * `client:interaction`: hydrates an island on the player's first interaction with the page (pointer, touch, key,
 * focus or hover anywhere), not on load, so pages whose only islands are the frame's (side menu, menu button, toast
 * outlet) load no island JavaScript until the player does something. A tap inside the island before it has
 * hydrated is held and replayed on the same element once it has. The optional value lists more triggers (fragment,
 * window event, session and local storage; src/lib/hydrationTriggers.ts).
 */
const interaction: ClientDirective = (load, options, el) => {
  const triggers = parseTriggers(options.value);
  const held: Element[] = [];
  let started = false;

  const holdClick = (event: Event) => {
    const target = event.target;
    // Any element, SVG included: a tap on a button's icon lands on the icon's <path>.
    if (!(target instanceof Element) || !el.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    for (const name of triggers.events) window.removeEventListener(name, start);
    const hydrate = await load();
    await hydrate();
    document.removeEventListener('click', holdClick, true);
    // The island's handlers are attached now: replay what was tapped meanwhile, on the same (hydrated) elements.
    for (const target of held.splice(0)) {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    }
  };

  document.addEventListener('click', holdClick, true);
  for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
  for (const name of triggers.events) window.addEventListener(name, start);
  try {
    if (hydratesAtOnce(triggers, {
      hash: window.location.hash,
      sessionItem: (key) => sessionStorage.getItem(key),
      localItem: (key) => localStorage.getItem(key),
    })) void start();
  } catch {
    // Storage unavailable: the fragment and the other triggers still apply.
    if (triggers.fragments.some((prefix) => window.location.hash.startsWith(prefix))) void start();
  }
};

export default interaction;
