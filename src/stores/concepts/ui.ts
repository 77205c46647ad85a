import { atom, onMount } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { detectDevice, type Device } from '../../../rules/download';

/** Whether the side menu is open (player-shell §2 Side menu: "The menu opens and closes"). */
export const $menuOpen = atom(false);

/** The control that opened the menu: focus returns to it when the menu closes. */
let opener: HTMLElement | null = null;

/** Opens the side menu (from a menu button in the headers), remembering where focus was. */
export function openMenu(from?: HTMLElement | null): void {
  opener = from ?? (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null);
  $menuOpen.set(true);
}

/** Closes the side menu. */
export function closeMenu(): void {
  $menuOpen.set(false);
}

/** Moves focus back to the control that opened the menu (after it has closed). */
export function restoreMenuFocus(): void {
  if (opener?.isConnected) opener.focus();
  opener = null;
}

const SERVER_DEVICE: Device = {
  os: 'other', iosVersion: null, safari: false, nativeApp: false, standalone: false, webClip: false,
};

/**
 * The phone the page runs on (player-shell §4: startup detects the app user agent; download rules). A plain
 * desktop device while pre-rendering; read from the browser once mounted. A start URL with `web-clip=1` (the iOS
 * profile's web clip) is remembered under the local storage key `web-clip`.
 */
export const $device = atom<Device>(SERVER_DEVICE);

onMount($device, () => {
  if (typeof window === 'undefined') return;
  const standalone = window.matchMedia('(display-mode: standalone)').matches
    || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  let webClip = false;
  try {
    if (new URLSearchParams(window.location.search).get('web-clip') === '1') localStorage.setItem('web-clip', '1');
    webClip = localStorage.getItem('web-clip') === '1';
  } catch {
    // storage unavailable
  }
  $device.set(detectDevice(navigator.userAgent, standalone, webClip));
});

/** The download bar was closed by the player (player-shell §4: "visible until closed (stores hideDownloadBar)"). */
export const $downloadBarClosed = persistentAtom<boolean>('hideDownloadBar', false, {
  encode: (value) => (value ? '1' : '0'),
  decode: (raw) => raw === '1' || raw === 'true',
});

/** Closes the download bar for good on this browser. */
export function closeDownloadBar(): void {
  $downloadBarClosed.set(true);
}
