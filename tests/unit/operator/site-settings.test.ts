import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../scripts/operator-commands';
import { parseSiteSettingsCommand, SITE_SETTINGS_USAGE } from '../../../scripts/site-settings-commands';
import { namesInDevVars } from '../../../scripts/site-settings';
import {
  LINK_KINDS, linkKind, linkUrlProblem, socialLoginAdvice, socialLoginState, SOCIAL_LOGIN_ENDPOINTS, type SocialLoginConfig,
} from '../../../worker/model/site-settings';

const GOOGLE_ID = '123456789012-abcdefghij0123456789.apps.googleusercontent.com';

describe('site-settings command line (docs/site-settings.md)', () => {
  it.each([
    [['settings', 'DEMO'], { kind: 'settings', merchant: 'DEMO' }],
    [['registration', 'DEMO'], { kind: 'registration-show', merchant: 'DEMO' }],
    [['registration', 'DEMO', 'EMAIL=required', 'qqnum=off', 'order=username,Password'],
      { kind: 'registration-set', merchant: 'DEMO', rules: [{ field: 'email', rule: 'required' }, { field: 'qqNum', rule: 'off' }], order: ['username', 'password'] }],
    [['payment-methods', 'DEMO'], { kind: 'payment-methods', merchant: 'DEMO' }],
    [['payment-method', 'DEMO', 'demo_bank', 'min=20', 'max=1000.50', 'enabled=off', 'order=5', 'name.ar=تحويل', 'name.vi=none'],
      { kind: 'payment-method-set', merchant: 'DEMO', method: 'DEMO_BANK', changes: { minMinor: 2000, maxMinor: 100050, enabled: false, sortOrder: 5, names: { AR: 'تحويل', VI: null } } }],
    [['payment-method', 'DEMO', 'CARD', 'provider=http', 'name=Card', 'min=1', 'max=9', 'endpoint=https://psp.example/api', 'account=acc-1', 'secret=PSP_KEY'],
      { kind: 'payment-method-set', merchant: 'DEMO', method: 'CARD', changes: { provider: 'http', displayName: 'Card', minMinor: 100, maxMinor: 900, endpointUrl: 'https://psp.example/api', accountId: 'acc-1', secretName: 'PSP_KEY' } }],
    [['payment-method', 'DEMO', 'CARD', 'endpoint=http://127.0.0.1:8822/psp'], { kind: 'payment-method-set', merchant: 'DEMO', method: 'CARD', changes: { endpointUrl: 'http://127.0.0.1:8822/psp' } }],
    [['withdraw-settings', 'DEMO'], { kind: 'withdraw-show', merchant: 'DEMO' }],
    [['withdraw-settings', 'DEMO', 'off'], { kind: 'withdraw-off', merchant: 'DEMO' }],
    [['withdraw-settings', 'DEMO', 'payout=demo_bank', 'min=20.00', 'max=2000'],
      { kind: 'withdraw-set', merchant: 'DEMO', changes: { payoutMethod: 'DEMO_BANK', minMinor: 2000, maxMinor: 200000 } }],
    [['links', 'DEMO'], { kind: 'links', merchant: 'DEMO' }],
    [['link', 'DEMO', 'telegram', 'https://t.me/playdeck'], { kind: 'link-set', merchant: 'DEMO', type: 'TELEGRAM', url: 'https://t.me/playdeck', label: null }],
    [['link', 'DEMO', 'android', 'https://cdn.example/app.apk', 'label=Android app'],
      { kind: 'link-set', merchant: 'DEMO', type: 'Android', url: 'https://cdn.example/app.apk', label: 'Android app' }],
    [['link', 'DEMO', 'ios', 'itms-services://?action=download-manifest&url=https://cdn.example/app.plist'],
      { kind: 'link-set', merchant: 'DEMO', type: 'IOS', url: 'itms-services://?action=download-manifest&url=https://cdn.example/app.plist', label: null }],
    [['link', 'DEMO', 'cs', 'none'], { kind: 'link-set', merchant: 'DEMO', type: 'CS', url: null, label: null }],
    [['social', 'DEMO'], { kind: 'social-show', merchant: 'DEMO' }],
    [['social', 'DEMO', 'Google', `client=${GOOGLE_ID}`, 'secret=GOOGLE_CLIENT_SECRET'],
      { kind: 'social-set', merchant: 'DEMO', provider: 'google', clientId: GOOGLE_ID, secretName: 'GOOGLE_CLIENT_SECRET' }],
    [['social', 'DEMO', 'facebook', 'client=1234567890123456', 'secret=FB_SECRET'],
      { kind: 'social-set', merchant: 'DEMO', provider: 'facebook', clientId: '1234567890123456', secretName: 'FB_SECRET' }],
    [['social', 'DEMO', 'facebook', 'none'], { kind: 'social-clear', merchant: 'DEMO', provider: 'facebook' }],
  ])('%j parses', (args, command) => {
    expect(parseSiteSettingsCommand(args)).toEqual(command);
  });

  it('leaves other commands to the other parsers', () => {
    for (const args of [[], ['list'], ['switch', 'DEMO', 'CBS3', 'on'], ['withdrawals'], ['rewards', 'DEMO']]) expect(parseSiteSettingsCommand(args)).toBeNull();
  });

  it.each([
    [['settings'], 'merchant code expected'],
    [['settings', "DEMO'--"], 'merchant code expected'],
    [['settings', 'DEMO', 'x'], 'takes only the merchant'],
    [['registration', 'DEMO', 'email'], 'key=value expected'],
    [['registration', 'DEMO', 'email=maybe'], 'off, optional or required'],
    [['registration', 'DEMO', 'shoeSize=off'], 'unknown registration field'],
    [['registration', 'DEMO', 'order=email,EMAIL'], 'names a field twice'],
    [['registration', 'DEMO', 'email=off', 'email=required'], 'given twice'],
    [['payment-method', 'DEMO'], 'method code and key=value'],
    [['payment-method', 'DEMO', 'BANK'], 'key=value changes'],
    [['payment-method', 'DEMO', 'BA-NK', 'min=1'], 'method code expected'],
    [['payment-method', 'DEMO', 'BANK', 'min=0'], 'above 0'],
    [['payment-method', 'DEMO', 'BANK', 'min=1.234'], 'at most 2 decimals'],
    [['payment-method', 'DEMO', 'BANK', 'min=-5'], 'currency units'],
    [['payment-method', 'DEMO', 'BANK', 'max=100000000.01'], 'at most 100000000'],
    [['payment-method', 'DEMO', 'BANK', 'min=50', 'max=10'], 'min must not be above max'],
    [['payment-method', 'DEMO', 'BANK', 'enabled=yes'], 'on or off'],
    [['payment-method', 'DEMO', 'BANK', 'provider=stripe'], 'demo or http'],
    [['payment-method', 'DEMO', 'BANK', 'endpoint=http://psp.example/api'], 'https://'],
    [['payment-method', 'DEMO', 'BANK', 'secret=psp key'], 'worker secret name'],
    [['payment-method', 'DEMO', 'BANK', 'name=<b>Bank</b>'], 'no control characters or < >'],
    [['payment-method', 'DEMO', 'BANK', 'name.XX=Bank'], 'language code'],
    [['payment-method', 'DEMO', 'BANK', 'fee=1'], 'Unrecognized key'],
    [['payment-methods', 'DEMO', 'BANK'], 'takes only the merchant'],
    [['withdraw-settings', 'DEMO', 'min=30', 'max=20'], 'min must not be above max'],
    [['withdraw-settings', 'DEMO', 'daily=3'], 'Unrecognized key'],
    [['link', 'DEMO', 'myspace', 'https://x.example'], 'link type expected'],
    [['link', 'DEMO', 'telegram'], 'an address (https://…) or none'],
    [['link', 'DEMO', 'telegram', 'http://t.me/x'], 'https:// expected'],
    [['link', 'DEMO', 'telegram', 'javascript:alert(1)'], 'https:// expected'],
    [['link', 'DEMO', 'telegram', 't.me/x'], 'absolute address'],
    [['link', 'DEMO', 'telegram', 'https://user:pw@t.me/x'], 'no user name'],
    [['link', 'DEMO', 'telegram', 'https://localhost/x'], 'host name'],
    [['link', 'DEMO', 'android', 'itms-services://?action=download-manifest&url=https://x.example/a.plist'], 'https:// expected'],
    [['link', 'DEMO', 'ios', 'itms-services://?action=download-manifest&url=http://x.example/a.plist'], 'needs url=https://'],
    [['link', 'DEMO', 'cs', 'https://x.example', 'label=Help'], 'label= is for resource links'],
    [['link', 'DEMO', 'facebook', 'none', 'label=FB'], 'goes with an address'],
    [['social', 'DEMO', 'twitter'], 'google or facebook'],
    [['social', 'DEMO', 'google', 'client=abc', 'secret=GOOGLE_CLIENT_SECRET'], 'google client id expected'],
    [['social', 'DEMO', 'google', `client=${GOOGLE_ID}`], 'secret=<SECRET_NAME> expected'],
    [['social', 'DEMO', 'facebook', 'client=1234567890', 'secret=fb-secret'], 'worker secret name'],
  ])('%j is refused with a usage error (exit 2)', (args, message) => {
    expect(() => parseSiteSettingsCommand(args)).toThrow(UsageError);
    expect(() => parseSiteSettingsCommand(args)).toThrow(message);
  });

  it('shows how to change each setting in the usage text', () => {
    for (const command of ['settings', 'registration', 'payment-methods', 'payment-method', 'withdraw-settings', 'links', 'link', 'social']) {
      expect(SITE_SETTINGS_USAGE).toContain(`  ${command} <merchant>`);
    }
    for (const kind of LINK_KINDS) expect(SITE_SETTINGS_USAGE).toContain(kind.type);
    expect(SITE_SETTINGS_USAGE.match(/e\.g\. /g)?.length).toBeGreaterThanOrEqual(5);
  });
});

describe('site-settings rules (worker/model/site-settings.ts)', () => {
  it('finds link kinds in any case and keeps their stored spelling', () => {
    expect(linkKind('appdownloadicon')?.type).toBe('AppDownloadIcon');
    expect(linkKind('nope')).toBeUndefined();
  });

  it('allows https links and, for IOS only, itms-services', () => {
    const ios = linkKind('IOS')!;
    expect(linkUrlProblem(ios, 'https://apps.apple.com/app/id1')).toBeNull();
    expect(linkUrlProblem(ios, 'itms-services://?action=download-manifest&url=https%3A%2F%2Fx.example%2Fa.plist')).toBeNull();
    expect(linkUrlProblem(linkKind('CS')!, `https://x.example/${'a'.repeat(500)}`)).toMatch(/at most/);
    expect(linkUrlProblem(linkKind('CS')!, 'https://x.example/a b')).toMatch(/no spaces/);
  });

  it('says which part of a social login is missing, first thing first', () => {
    const full: SocialLoginConfig = { clientId: 'id', clientSecretEnv: 'GOOGLE_CLIENT_SECRET', ...SOCIAL_LOGIN_ENDPOINTS.google };
    expect(socialLoginState('google', null, true)).toBe('not_configured');
    expect(socialLoginState('google', { ...full, clientId: '' }, true)).toBe('client_id_missing');
    expect(socialLoginState('google', { ...full, jwksUrl: '' }, true)).toBe('endpoints_missing');
    expect(socialLoginState('facebook', { ...full, ...SOCIAL_LOGIN_ENDPOINTS.facebook }, true)).toBe('ready');
    expect(socialLoginState('google', { ...full, clientSecretEnv: '' }, true)).toBe('secret_name_missing');
    expect(socialLoginState('google', full, false)).toBe('secret_missing');
    expect(socialLoginState('google', full, true)).toBe('ready');
    expect(socialLoginAdvice('google', 'secret_missing', 'G_SECRET')).toContain('npx wrangler secret put G_SECRET');
    expect(socialLoginAdvice('facebook', 'client_id_missing', '')).toContain('npm run operator -- social <merchant> facebook client=');
  });

  it('reads the secret names of a .dev.vars file', () => {
    expect([...namesInDevVars('# local\nGOOGLE_CLIENT_SECRET=abc\n export FB_SECRET = "x"\nnot a line\n=x\n')]).toEqual(['GOOGLE_CLIENT_SECRET', 'FB_SECRET']);
  });
});
