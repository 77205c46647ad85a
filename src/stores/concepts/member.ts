import { atom, onMount } from 'nanostores';
import { getMemberInfo, getWallet, logout as callLogout, type MemberInfo, type WalletValue } from '../../api/accounts';
import { forgetRememberedToken } from './remember';
import { $session, endSession } from './session';
import { env } from '../kit/environment';

/** Member info of the logged-in player, null when logged out or not loaded yet. */
export const $member = atom<MemberInfo | null>(null);
/** Wallet of the logged-in player (sumBalance in minor units). */
export const $wallet = atom<WalletValue | null>(null);
/** True while the balance is being refreshed (the amount is masked meanwhile, player-shell §4 Balance). */
export const $walletRefreshing = atom(false);

/** Balance auto-refresh period (player-shell §9: 60000 ms). */
export const WALLET_REFRESH_MS = 60_000;

/** Loads member info for the current session. */
export async function refreshMember(): Promise<void> {
  if (!$session.get()) return;
  try {
    $member.set(await getMemberInfo());
  } catch {
    // A failed refresh keeps what we had; an expired session is cleared by the client.
  }
}

/** Reloads the wallet balance (on tap and every 60 s). */
export async function refreshWallet(): Promise<void> {
  if (!$session.get()) return;
  $walletRefreshing.set(true);
  try {
    $wallet.set(await getWallet());
  } catch {
    // keep the last known balance
  } finally {
    $walletRefreshing.set(false);
  }
}

/**
 * Logout (player-shell §4): calls logout with the token, then clears the session, member info and wallet,
 * sets autoLogin to 0 and goes to /m/home — also when the call fails, so the player is never stuck.
 */
export async function logout(): Promise<void> {
  try {
    await callLogout();
  } catch {
    // the local session ends whatever the server answered
  }
  endSession();
  // autoLogin 0, and the remember-me token is forgotten (src/lib/remember.ts); the username stays for the form.
  forgetRememberedToken();
  try {
    localStorage.removeItem('memberInfo');
  } catch {
    // storage unavailable
  }
  env().navigate('/m/home');
}

onMount($member, () => {
  const load = () => {
    if ($session.get()) void refreshMember();
    else $member.set(null);
  };
  load();
  return $session.listen(load);
});

onMount($wallet, () => {
  const load = () => {
    if ($session.get()) void refreshWallet();
    else $wallet.set(null);
  };
  load();
  const interval = env().setInterval(() => void refreshWallet(), WALLET_REFRESH_MS);
  const unlisten = $session.listen(load);
  return () => {
    env().clearInterval(interval);
    unlisten();
  };
});
