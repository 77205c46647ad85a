import { describe, expect, it } from 'vitest';
import {
  detectDevice, downloadBarVisible, DOWNLOAD_BANNER_EXCLUDED_DOMAINS, iosSupportsWebApp, needsSafari, opensInSameTab,
  platformLink, PROFILE_NOTICE_MS, showsAppDownloadEntry, showsDownloadBanner, showsHeaderDownloadIcon,
  showsHomeScreenGuide, showsLegacyIosHint, socialLinks, type Device, type Resource,
} from '../../../rules/download';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
  ios11: 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_2 like Mac OS X) AppleWebKit/604.4.7 (KHTML, like Gecko) Version/11.0 Mobile/15C114 Safari/604.1',
  app: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 PlayDeckApp/2.1',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};
const res = (...types: string[]): Resource[] => types.map((resourceType) => ({ resourceType, url: `https://example.com/${resourceType}`, labelNameEn: resourceType }));
const ALL = res('Android', 'IOS', 'MOBILECONFIG', 'AppDownloadIcon', 'FACEBOOK', 'TELEGRAM');
const android = detectDevice(UA.android, false);
const iosSafari = detectDevice(UA.iosSafari, false);

describe('device detection (player-shell §4 "detect the app user agent")', () => {
  it.each([
    [UA.android, { os: 'android', safari: false, nativeApp: false }],
    [UA.iosSafari, { os: 'ios', iosVersion: [17, 4], safari: true }],
    [UA.iosChrome, { os: 'ios', safari: false }],
    [UA.ios11, { os: 'ios', iosVersion: [11, 2], safari: true }],
    [UA.app, { os: 'android', nativeApp: true }],
    [UA.desktop, { os: 'other', iosVersion: null }],
  ])('%s', (ua, expected) => {
    expect(detectDevice(ua, false)).toMatchObject(expected);
  });
});

describe('app-download banner: "only on home routes, and not on two specific site domains"', () => {
  it.each([
    ['home', 'play.example.com', true],
    ['home', '127.0.0.1', true],
    ['home', DOWNLOAD_BANNER_EXCLUDED_DOMAINS[0]!, false],
    ['home', DOWNLOAD_BANNER_EXCLUDED_DOMAINS[1]!.toUpperCase(), false],
    ['gameList', 'play.example.com', false],
    ['memberHome', 'play.example.com', false],
  ])('%s on %s → %s', (route, host, shown) => {
    expect(showsDownloadBanner(route, host)).toBe(shown);
  });
  it('excludes exactly two domains', () => {
    expect(DOWNLOAD_BANNER_EXCLUDED_DOMAINS).toHaveLength(2);
  });
});

describe('platform link: "iOS download uses the direct link if present, otherwise the profile link"', () => {
  it.each([
    [android, ALL, 'android'],
    [android, res('IOS'), null],
    [iosSafari, ALL, 'ios'],
    [iosSafari, res('MOBILECONFIG'), 'profile'],
    [iosSafari, res('Android'), null],
    [detectDevice(UA.desktop, false), ALL, null],
  ] as const)('%#: %s', (device, resources, kind) => {
    expect(platformLink(device, resources)?.kind ?? null).toBe(kind);
  });
});

describe('download bar (player-shell §4 "Download bar")', () => {
  const ios = (patch: Partial<Device>): Device => ({ ...iosSafari, ...patch });
  it.each([
    ['visible until closed', android, ALL, false, true],
    ['closed by the player (hideDownloadBar)', android, ALL, true, false],
    ['running as an installed web app', { ...android, standalone: true }, ALL, false, false],
    ['in an iOS web clip with no iOS link', ios({ webClip: true }), res('MOBILECONFIG'), false, false],
    ['in an iOS web clip with an iOS link', ios({ webClip: true }), ALL, false, true],
    ['iOS lacks installed-web-app support', ios({ iosVersion: [11, 2] }), ALL, false, false],
    ['inside the native app', { ...android, nativeApp: true }, ALL, false, false],
    ['no link fits the platform', android, res('IOS', 'MOBILECONFIG'), false, false],
    ['iOS with only the profile link', iosSafari, res('MOBILECONFIG'), false, true],
  ] as const)('%s → %s', (_why, device, resources, closed, visible) => {
    expect(downloadBarVisible(device, resources, closed)).toBe(visible);
  });
  it.each([
    [[11, 2], false], [[11, 3], true], [[12, 0], true], [null, false],
  ] as const)('iOS %j supports installed web apps: %s', (version, supported) => {
    expect(iosSupportsWebApp(version)).toBe(supported);
  });
});

describe('home header download icon: "only on home paths, outside the native app and installed web app, when app-window display is on and a download link exists for the platform"', () => {
  it.each([
    ['home', android, ALL, true],
    ['gameList', android, ALL, false],
    ['home', { ...android, nativeApp: true }, ALL, false],
    ['home', { ...android, standalone: true }, ALL, false],
    ['home', android, res('Android'), false],
    ['home', android, res('AppDownloadIcon', 'IOS'), false],
  ] as const)('%s %#', (route, device, resources, shown) => {
    expect(showsHeaderDownloadIcon(route, device, resources)).toBe(shown);
  });
});

describe('side-menu app download: "shows only outside the native app and installed web app"', () => {
  it.each([
    [{ nativeApp: false, standalone: false }, true],
    [{ nativeApp: true, standalone: false }, false],
    [{ nativeApp: false, standalone: true }, false],
  ])('%j → %s', (device, shown) => {
    expect(showsAppDownloadEntry(device)).toBe(shown);
  });
});

describe('legacy-iOS hint: "for iOS 11 or lower, or 12.0 to 12.1"', () => {
  it.each([
    [[10, 3], true], [[11, 4], true], [[12, 0], true], [[12, 1], true], [[12, 2], false], [[12, 4], false], [[17, 0], false], [null, false],
  ] as const)('iOS %j → %s', (version, shown) => {
    expect(showsLegacyIosHint(version)).toBe(shown);
  });
});

describe('"Apps open in the same tab when the link ends in .ipa or .apk, otherwise in a new tab"', () => {
  it.each([
    ['https://example.com/app.apk', true],
    ['https://example.com/App.IPA?v=2', true],
    ['https://example.com/download/ios', false],
    ['https://example.com/profile.mobileconfig', false],
  ])('%s → same tab %s', (url, same) => {
    expect(opensInSameTab(url)).toBe(same);
  });
});

describe('Safari rules (player-shell §8 "IOS outside Safari on app download")', () => {
  it.each([
    [iosSafari, false, true],
    [detectDevice(UA.iosChrome, false), true, false],
    [android, false, false],
    [{ ...iosSafari, standalone: true }, false, false],
  ] as const)('%# needs Safari %s, shows the home-screen guide %s', (device, safari, guide) => {
    expect(needsSafari(device)).toBe(safari);
    expect(showsHomeScreenGuide(device)).toBe(guide);
  });
  it('a profile download waits for a 4-second notice', () => {
    expect(PROFILE_NOTICE_MS).toBe(4000);
  });
});

describe('footer social links (player-shell §1: Facebook, Instagram, YouTube, Telegram, Discord, LinkedIn)', () => {
  it('lists the links the server provides, in the footer order', () => {
    expect(socialLinks(res('TELEGRAM', 'Android', 'FACEBOOK', 'LINKEDIN')).map((l) => l.type)).toEqual(['FACEBOOK', 'TELEGRAM', 'LINKEDIN']);
  });
  it('lists nothing when the server provides none', () => {
    expect(socialLinks(res('Android'))).toEqual([]);
  });
});
