import type { ClientDirective } from 'astro';

/** What counts as the player starting to interact with the page. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'] as const;

/**
 * `client:interaction`: hydrates an island on the player's first interaction with the page (pointer, touch, key,
 * focus or hover anywhere), not on load, so pages whose only islands are the frame's (side menu, menu button, toast
 * outlet) load no island JavaScript until the player does something. A tap inside the island before it has
 * hydrated is held and replayed on the same element once it has. The optional value lists more triggers, separated
 * by spaces: `#name=` hydrates at once when the address's fragment starts with it (a social login's
 * `#session=<code>`); any other word is a window event that hydrates the island, and a session storage key that
 * hydrates it at once when present (e.g. a toast a previous page kept for this one); a `key=value` word hydrates it
 * at once when local storage holds that value (`autoLogin=1`: a remembered player is logged in again on arrival);
 * `after:<ms>` hydrates it that long after the page's load event even without interaction (the home carousel's first
 * autoplay tick, so its code arrives after the page has settled instead of with the page).
 */
const interaction: ClientDirective = (load, options, el) => {
  const words = typeof options.value === 'string' ? options.value.split(/\s+/).filter(Boolean) : [];
  const fragments = words.filter((word) => word.startsWith('#'));
  const delays = words.map((word) => /^after:(\d{1,6})$/.exec(word)?.[1]).filter((ms) => ms !== undefined).map(Number);
  const triggers = words.filter((word) => !word.startsWith('#') && !word.startsWith('after:'));
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
    for (const name of triggers) window.removeEventListener(name, start);
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
  for (const name of triggers) window.addEventListener(name, start);
  if (fragments.some((prefix) => window.location.hash.startsWith(prefix))) void start();
  if (delays.length > 0) {
    const later = () => setTimeout(() => void start(), Math.min(...delays));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  }
  try {
    // A `key=value` word hydrates at once when local storage holds that value (remember-me: `autoLogin=1`).
    const stored = (key: string) => {
      const [name = '', value] = key.split('=');
      return value === undefined ? sessionStorage.getItem(name) !== null : localStorage.getItem(name) === value;
    };
    if (triggers.some(stored)) void start();
  } catch {
    // Storage unavailable: the other triggers still apply.
  }
};

export default interaction;
