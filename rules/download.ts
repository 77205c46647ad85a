/**
 * App download rules (player-shell §2 "Page frame rules" and "Download prompts", §4 "Download bar"): where the
 * download banner, bar and header icon show, which link fits the phone, and how a link opens.
 */
/**
 * Routes that count as home for the app-download banner, the header download icon and the product footer. Kept
 * here rather than with the frame rules (src/lib/frame.ts), so the islands that read it do not share a module with
 * the frame's own page script (back and swipe), which then stays inside that script's file.
 */
export const HOME_ROUTES: ReadonlySet<string> = new Set(['home']);

/**
 * Site domains that never show the app-download banner (player-shell §2: "not on two specific site domains"):
 * the hosts the native app and the installed-app shell load the site from, where a download offer is pointless.
 */
export const DOWNLOAD_BANNER_EXCLUDED_DOMAINS: readonly string[] = ['app.playdeck.example', 'pwa.playdeck.example'];

/** User-agent marker of the native app's web view (player-shell §4 "detect the app user agent"). */
export const NATIVE_APP_UA_TOKEN = 'PlayDeckApp';

/** How long the notice before a profile download stays (player-shell §4: "after a 4-second notice"). */
export const PROFILE_NOTICE_MS = 4000;

/** A download or social link from the status resources (player-shell §3 "Download link"). */
export interface Resource {
  resourceType: string;
  url: string;
  labelNameEn: string;
}

/** The phone the page runs on, as far as the download rules care. */
export interface Device {
  os: 'ios' | 'android' | 'other';
  /** iOS version as [major, minor]; null when not iOS or unknown. */
  iosVersion: readonly [number, number] | null;
  /** Safari itself (not another browser on iOS, not an in-app web view). */
  safari: boolean;
  /** Inside the native app's web view. */
  nativeApp: boolean;
  /** Running as an installed web app (display-mode standalone). */
  standalone: boolean;
  /** Opened from an iOS web clip (local storage key web-clip). */
  webClip: boolean;
}

/** Reads the platform facts from a user agent and the display mode. */
export function detectDevice(userAgent: string, standalone: boolean, webClip = false): Device {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  const match = /OS (\d+)[_.](\d+)/.exec(userAgent);
  const iosVersion = ios && match ? ([Number(match[1]), Number(match[2])] as const) : null;
  const otherIosBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\/|MicroMessenger/.test(userAgent);
  return {
    os: ios ? 'ios' : /Android/.test(userAgent) ? 'android' : 'other',
    iosVersion,
    safari: ios && /Safari\//.test(userAgent) && !otherIosBrowser,
    nativeApp: userAgent.includes(NATIVE_APP_UA_TOKEN),
    standalone,
    webClip,
  };
}

/** App-download banner: "only on home routes, and not on two specific site domains". */
export function showsDownloadBanner(route: string, host: string): boolean {
  return HOME_ROUTES.has(route) && !DOWNLOAD_BANNER_EXCLUDED_DOMAINS.includes(host.toLowerCase());
}

const find = (resources: readonly Resource[], type: string) =>
  resources.find((r) => r.resourceType.toUpperCase() === type.toUpperCase() && r.url)?.url ?? null;

/** The download links of the status resources: Android, iOS and the iOS profile (MOBILECONFIG). */
export function downloadLinks(resources: readonly Resource[]): { android: string | null; ios: string | null; profile: string | null } {
  return { android: find(resources, 'Android'), ios: find(resources, 'IOS'), profile: find(resources, 'MOBILECONFIG') };
}

/**
 * The link for this phone: Android gets the Android link; iOS uses "the direct link if present, otherwise the
 * profile link, which works only in Safari". Other platforms get none.
 */
export function platformLink(device: Device, resources: readonly Resource[]): { url: string; kind: 'android' | 'ios' | 'profile' } | null {
  const links = downloadLinks(resources);
  if (device.os === 'android') return links.android ? { url: links.android, kind: 'android' } : null;
  if (device.os !== 'ios') return null;
  if (links.ios) return { url: links.ios, kind: 'ios' };
  return links.profile ? { url: links.profile, kind: 'profile' } : null;
}

/** iOS 11.3 brought installed web apps (home-screen apps) to Safari. */
export function iosSupportsWebApp(version: Device['iosVersion']): boolean {
  if (!version) return false;
  const [major, minor] = version;
  return major > 11 || (major === 11 && minor >= 3);
}

/**
 * Download bar visibility (player-shell §4): visible until closed; hidden when running as an installed web app,
 * in an iOS web clip with no iOS link, when iOS lacks installed-web-app support, inside the native app, or when
 * no link fits the platform.
 */
export function downloadBarVisible(device: Device, resources: readonly Resource[], closed: boolean): boolean {
  if (closed || device.standalone || device.nativeApp) return false;
  if (device.os === 'ios' && device.webClip && !downloadLinks(resources).ios) return false;
  if (device.os === 'ios' && !iosSupportsWebApp(device.iosVersion)) return false;
  return platformLink(device, resources) !== null;
}

/**
 * Home header download icon (player-shell §2): only on home paths, outside the native app and installed web app,
 * when app-window display is on (the site provides an AppDownloadIcon resource) and a link exists for the platform.
 */
export function showsHeaderDownloadIcon(route: string, device: Device, resources: readonly Resource[]): boolean {
  if (!HOME_ROUTES.has(route) || device.nativeApp || device.standalone) return false;
  if (!find(resources, 'AppDownloadIcon')) return false;
  return platformLink(device, resources) !== null;
}

/** App download entry of the side menu: "shows only outside the native app and installed web app". */
export function showsAppDownloadEntry(device: Pick<Device, 'nativeApp' | 'standalone'>): boolean {
  return !device.nativeApp && !device.standalone;
}

/** Legacy-iOS hint: "for iOS 11 or lower, or 12.0 to 12.1" (the app needs iOS 12.4 or later). */
export function showsLegacyIosHint(version: Device['iosVersion']): boolean {
  if (!version) return false;
  const [major, minor] = version;
  return major <= 11 || (major === 12 && minor <= 1);
}

/** "Apps open in the same tab when the link ends in .ipa or .apk, otherwise in a new tab." */
export function opensInSameTab(url: string): boolean {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  return path.endsWith('.ipa') || path.endsWith('.apk');
}

/** 'Please use Safari for download App.' shows on iOS outside Safari (player-shell §8), where profiles cannot install. */
export function needsSafari(device: Device): boolean {
  return device.os === 'ios' && !device.safari;
}

/** The add-to-home-screen guide is for Safari on iOS (player-shell §2 Download prompts). */
export function showsHomeScreenGuide(device: Device): boolean {
  return device.os === 'ios' && device.safari && !device.standalone;
}

/** Social resource types of the footer and login screen, in display order (player-shell §1). */
export const SOCIAL_TYPES = ['FACEBOOK', 'INSTAGRAM', 'YOUTUBE', 'TELEGRAM', 'DISCORD', 'LINKEDIN'] as const;

/** The social links the server provides, in the footer's order. */
export function socialLinks(resources: readonly Resource[]): { type: (typeof SOCIAL_TYPES)[number]; url: string }[] {
  return SOCIAL_TYPES.flatMap((type) => {
    const url = find(resources, type);
    return url ? [{ type, url }] : [];
  });
}

/**
 * A download address the page may link to: http(s), or `itms-services:` (how an iOS app installs over the air).
 * Anything else (javascript:, data:, a relative path) is left out.
 */
export function safeDownloadUrl(url: string): string | null {
  const u = url.trim();
  return /^(https?:\/\/|itms-services:\/\/)[^\s"'<>]+$/i.test(u) ? u : null;
}
