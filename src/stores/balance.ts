import { persistentAtom } from '@nanostores/persistent';

/**
 * The player's choice to hide the balance (player-shell §4 Balance: "hiding is the user's choice"),
 * remembered in local storage under `hideBalance`.
 */
export const $balanceHidden = persistentAtom<boolean>('hideBalance', false, {
  encode: (value) => (value ? '1' : '0'),
  decode: (raw) => raw === '1',
});

/** Shows or hides the balance and remembers the choice. */
export function toggleBalanceHidden(): void {
  $balanceHidden.set(!$balanceHidden.get());
}
