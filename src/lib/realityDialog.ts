/**
 * The reality check dialog (docs/player-protection.md "Reality checks"; UKGC RTS 13), drawn without React so every
 * page — home and the game pages too — can show it without loading an island: a modal <dialog> with the time played
 * in this session, the net result (wins − bets), links to the game history and the transactions, and the buttons
 * "Continue" and "Log out". Escape does not dismiss it: the player answers one of the two. The frame
 * (src/layouts/Frame.astro) wires it to the store (src/stores/concepts/realityCheck.ts).
 */
import { t } from '../../rules/i18n';
import { formatMoney } from '../../rules/format';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';

/**
 * What the dialog shows: time played (ms), net result (minor units; null in upstream mode, where the bets' results are
 * the platform's: the dialog then points to the history) and the site's currency symbol.
 */
export interface RealityFigures {
  playedMs: number;
  netResult: number | null;
  currencySymbol: string;
}

/** Time played as hours and minutes, e.g. "1 h 05 min" (translated). */
export function playedText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return t('reality.duration', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

/** Shows the dialog for `figures`; returns a function that closes and removes it. */
export function openRealityDialog(figures: RealityFigures, onContinue: () => void, onLogout: () => void): () => void {
  const dialog = document.createElement('dialog');
  dialog.className = 'reality-check';
  dialog.setAttribute('aria-labelledby', 'reality-check-title');
  dialog.setAttribute('aria-describedby', 'reality-check-figures');
  const title = document.createElement('h2');
  title.id = 'reality-check-title';
  title.textContent = t('reality.title');
  const text = document.createElement('div');
  text.id = 'reality-check-figures';
  const played = document.createElement('p');
  played.textContent = t('reality.played', { time: playedText(figures.playedMs) });
  const net = document.createElement('p');
  net.textContent = figures.netResult === null
    ? t('reality.netElsewhere')
    : t('reality.net', { amount: formatMoney(figures.netResult, figures.currencySymbol) });
  text.append(played, net);
  const links = document.createElement('p');
  links.className = 'reality-links';
  // The transactions view is the built-in ledger's (capability `payments`); in front of the platform only the history.
  const targets = [['/m/gameRecord', 'reality.history'], ['/m/member/transactions', 'reality.transactions']] as const;
  for (const [href, key] of targets.filter(([href]) => href !== '/m/member/transactions' || hasCapability(CAPABILITIES.payments))) {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = t(key);
    links.append(link, ' ');
  }
  const actions = document.createElement('div');
  actions.className = 'reality-actions';
  const keepOn = document.createElement('button');
  keepOn.type = 'button';
  keepOn.className = 'btn btn-primary';
  keepOn.textContent = t('reality.continue');
  const leave = document.createElement('button');
  leave.type = 'button';
  leave.className = 'btn';
  leave.textContent = t('reality.logout');
  actions.append(keepOn, leave);
  dialog.append(title, text, links, actions);
  const busy = (action: () => void) => () => {
    keepOn.disabled = true;
    leave.disabled = true;
    action();
  };
  keepOn.addEventListener('click', busy(onContinue));
  leave.addEventListener('click', busy(onLogout));
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  document.body.append(dialog);
  dialog.showModal();
  keepOn.focus();
  return () => {
    if (dialog.open) dialog.close();
    dialog.remove();
  };
}
