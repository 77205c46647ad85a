import { $wallet, refreshWallet } from './member';
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

/**
 * After any action that moved money (a slot round, a lottery order, cancel or settlement, a deposit, a withdrawal
 * request): the balance store takes the balance the answer carried, or reloads it at once — never waits for the
 * 60 s tick (player-shell §4 Balance; issue 13, issue 9).
 */
export function balanceMoved(balanceMinor?: number | null): void {
  const wallet = $wallet.get();
  if (wallet && typeof balanceMinor === 'number') $wallet.set({ ...wallet, sumBalance: balanceMinor });
  else void refreshWallet();
}
