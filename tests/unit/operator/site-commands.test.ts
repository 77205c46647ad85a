import { describe, expect, it } from 'vitest';
import { formatSiteList, parseSiteCommand, parseSiteSettings } from '../../../scripts/site-commands';
import { UsageError } from '../../../scripts/operator-commands';
import { currencySymbol, newSiteRowSets } from '../../../worker/db/seed/new-site';
import { NEW_SITE_SWITCHES, REGISTRATION_FIELDS, type RowSet } from '../../../worker/db/seed/site-rows';
import { catalogueSeedStatements, demoSeedStatements } from '../../../worker/db/seed/demo';

const CREATE = ['site', 'create', 'lucky', '--name', 'Lucky Star', '--domain', 'Lucky.Example.PH', '--currency', 'php'];

function usageOf(args: readonly string[]): string {
  try {
    parseSiteCommand(args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${JSON.stringify(args)}`);
}

describe('site create: arguments', () => {
  it('takes the code (upper-cased), name, domains (lower-cased) and currency, with the spec defaults for the rest', () => {
    expect(parseSiteCommand(CREATE)).toEqual({
      kind: 'site-create',
      site: { code: 'LUCKY', name: 'Lucky Star', domain: ['lucky.example.ph'], currency: 'PHP', theme: 'dark', language: 'EN', catalogue: 'demo', payments: 'none' },
    });
  });

  it('takes every option, --domain repeated', () => {
    const command = parseSiteCommand([...CREATE, '--domain', 'www.lucky.example.ph', '--theme', 'light', '--language', 'vi', '--symbol', 'PHP ',
      '--catalogue', 'none', '--payments', 'demo', '--description', 'Sabong\nand slots']);
    expect(command).toMatchObject({
      site: { domain: ['lucky.example.ph', 'www.lucky.example.ph'], theme: 'light', language: 'VI', symbol: 'PHP', catalogue: 'none', payments: 'demo', description: 'Sabong and slots' },
    });
  });

  it.each([
    [['site', 'create', '--name', 'X', '--domain', 'a.example', '--currency', 'USD'], 'takes one site code'],
    [['site', 'create', "X'--", '--name', 'X', '--domain', 'a.example', '--currency', 'USD'], 'site code: letters, digits and _'],
    [['site', 'create', 'X', '--domain', 'a.example', '--currency', 'USD'], '--name is required'],
    [['site', 'create', 'X', '--name', ' ', '--domain', 'a.example', '--currency', 'USD'], '--name: must not be empty'],
    [['site', 'create', 'X', '--name', 'X'.repeat(61), '--domain', 'a.example', '--currency', 'USD'], '--name: at most 60'],
    [['site', 'create', 'X', '--name', 'X', '--currency', 'USD'], '--domain is required'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'https://a.example', '--currency', 'USD'], 'without scheme, port or path'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example', '--domain', 'A.example', '--currency', 'USD'], 'given twice'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example', '--currency', 'DOLLAR'], '--currency: an ISO 4217'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example'], '--currency is required'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example', '--currency', 'USD', '--theme', 'blue'], '--theme: dark or light'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example', '--currency', 'USD', '--language', 'xx'], '--language: one of'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example', '--currency', 'USD', '--catalogue', 'all'], '--catalogue: demo or none'],
    [['site', 'create', 'X', '--name', 'X', '--domain', 'a.example', '--currency', 'USD', '--colour', 'red'], "Unknown option '--colour'"],
    [['site', 'create', 'X', '--name'], "argument missing"],
  ])('%j → usage error %s', (args, message) => {
    expect(usageOf(args)).toContain(message);
  });
});

describe('site show, list and set: arguments', () => {
  it('parses show, list and set', () => {
    expect(parseSiteCommand(['site', 'show', 'demo2'])).toEqual({ kind: 'site-show', merchant: 'demo2' });
    expect(parseSiteCommand(['site', 'list'])).toEqual({ kind: 'site-list' });
    expect(parseSiteCommand(['site', 'set', 'DEMO', 'theme=light'])).toEqual({ kind: 'site-set', merchant: 'DEMO', changes: { theme: 'light' } });
    expect(parseSiteCommand(['list'])).toBeNull();
  });

  it('turns every setting into its column, flag or brand change (money in minor units, a new currency with its symbol)', () => {
    expect(parseSiteSettings([
      'name=Lucky  Star', 'currency=thb', 'language=th', 'welcomeBonus=100', 'trialBalance=12.5', 'primaryColor=#FF8800', 'accentColor=none',
      'memberCentreTemplate=old', 'depositTemplate=new', 'promotions=referral, login', 'description=Play responsibly.',
    ])).toEqual({
      name: 'Lucky Star', currency: 'THB', currency_symbol: '฿', default_language: 'TH', description: 'Play responsibly.',
      welcome_bonus_minor: 10_000, trial_balance_minor: 1_250,
      colors: { primaryColor: '#ff8800', accentColor: null },
      flags: [
        { kind: 'template', key: 'mem_cen', value: 0 }, { kind: 'template', key: 'dep_func', value: 1 },
        { kind: 'promotion', key: 'REFERRAL', value: 1 }, { kind: 'promotion', key: 'MISSION', value: 0 }, { kind: 'promotion', key: 'LOGIN', value: 1 },
      ],
    });
    expect(parseSiteSettings(['currency=USD', 'symbol=US$'])).toEqual({ currency: 'USD', currency_symbol: 'US$' });
    expect(parseSiteSettings(['promotions=none']).flags?.every((f) => f.value === 0)).toBe(true);
  });

  it.each([
    [['site', 'set', 'DEMO'], 'at least one key=value'],
    [['site', 'set', 'DEMO', 'theme'], 'key=value expected'],
    [['site', 'set', 'DEMO', 'theme=dark', 'theme=light'], 'theme is given twice'],
    [['site', 'set', 'DEMO', 'colour=#ffffff'], 'unknown setting "colour"'],
    [['site', 'set', 'DEMO', 'primaryColor=red'], 'primaryColor: #rrggbb or none'],
    [['site', 'set', 'DEMO', 'welcomeBonus=1.005'], 'welcomeBonus: an amount'],
    [['site', 'set', 'DEMO', 'welcomeBonus=-5'], 'welcomeBonus: an amount'],
    [['site', 'set', 'DEMO', 'trialBalance=9999999.99'], 'trialBalance: at most'],
    [['site', 'set', 'DEMO', 'promotions=REFERRAL,CASHBACK'], 'promotions: kinds among'],
    [['site', 'set', 'DEMO', 'memberCentreTemplate=1'], 'memberCentreTemplate: new or old'],
    [['site', 'set', 'DEMO', 'currency=EURO'], 'currency: an ISO 4217'],
    [['site', 'set', "DEMO'", 'theme=dark'], 'takes a site code'],
    [['site', 'show'], 'takes one site code'],
    [['site', 'list', 'all'], 'takes no arguments'],
    [['site', 'delete', 'DEMO'], 'site create, show, list or set expected'],
  ])('%j → usage error %s', (args, message) => {
    expect(usageOf(args)).toContain(message);
  });
});

describe('site create: the rows it writes', () => {
  const site = { code: 'LUCKY', name: 'Lucky Star', domain: ['lucky.example.ph', 'www.lucky.example.ph'], currency: 'PHP', theme: 'light' as const, language: 'VI', payments: 'none' as const };
  const vendors = [{ vassalage: 'ROOSTER_PIT', gameTypes: ['COCKFIGHT'] }, { vassalage: 'JADE', gameTypes: ['RNG', 'FISH'] }, { vassalage: 'NEW', gameTypes: ['BINGO'] }];
  const sets = newSiteRowSets(site, vendors, 1_800_000_000_000);
  const rows = (table: string) => sets.filter((s: RowSet) => s.table === table).flatMap((s) => s.rows);

  it('writes the merchant with its currency symbol, theme, default language and zero balances, and its domains', () => {
    expect(rows('merchants')).toEqual([['LUCKY', 'Lucky Star', 'PHP', '₱', 'light', 'VI', 0, 0, '', 1_800_000_000_000]]);
    expect(rows('merchant_domains')).toEqual([['lucky.example.ph', 'LUCKY'], ['www.lucky.example.ph', 'LUCKY']]);
  });

  it('writes the default switches, flags and every registration field', () => {
    expect(Object.fromEntries(rows('site_switches').map(([, id, on]) => [id, on]))).toEqual(NEW_SITE_SWITCHES);
    expect(rows('merchant_flags')).toEqual(expect.arrayContaining([['LUCKY', 'promotion', 'REFERRAL', 1], ['LUCKY', 'template', 'mem_cen', 1], ['LUCKY', 'template', 'dep_func', 0]]));
    expect(rows('registration_fields').map((r) => r[1])).toEqual(REGISTRATION_FIELDS.map(([field]) => field));
  });

  it('offers the catalogue: categories in menu order, unknown ones after, vendors in catalogue order', () => {
    expect(rows('merchant_categories').map((r) => r[1])).toEqual(['RNG', 'FISH', 'COCKFIGHT', 'BINGO']);
    expect(rows('merchant_vendors')).toEqual([
      ['LUCKY', 'ROOSTER_PIT', 'COCKFIGHT', 10], ['LUCKY', 'JADE', 'RNG', 20], ['LUCKY', 'JADE', 'FISH', 20], ['LUCKY', 'NEW', 'BINGO', 30],
    ]);
    expect(newSiteRowSets(site, [], 0).filter((s) => s.table.startsWith('merchant_vendors') || s.table === 'merchant_categories').every((s) => s.rows.length === 0)).toBe(true);
  });

  it('writes no placeholder link, no customer-service entry, and payments only when asked (the demo provider)', () => {
    expect(JSON.stringify(sets)).not.toContain('example.com');
    expect(rows('merchant_resources')).toEqual([]);
    expect(rows('customer_service')).toEqual([]);
    expect(rows('payment_methods')).toEqual([]);
    const demo = newSiteRowSets({ ...site, payments: 'demo' }, [], 0);
    expect(demo.find((s) => s.table === 'payment_methods')?.rows).toEqual([['LUCKY', 'DEMO_BANK', 'demo', 'Bank transfer (demo)', 1_000, 500_000, 10]]);
    expect(demo.find((s) => s.table === 'withdraw_settings')?.rows).toEqual([['LUCKY', 'DEMO_BANK', 2_000, 200_000]]);
  });

  it('derives the symbol of a currency', () => {
    expect([currencySymbol('USD'), currencySymbol('PHP'), currencySymbol('VND'), currencySymbol('THB')]).toEqual(['$', '₱', '₫', '฿']);
  });

  it('lists sites one line each', () => {
    expect(formatSiteList([])).toContain('No sites');
  });
});

describe('production seed', () => {
  it('holds the catalogue and no merchant, member or demo setting; the demo seed holds it too', () => {
    const production = catalogueSeedStatements();
    for (const sql of production) {
      expect(sql).toMatch(/^INSERT INTO (vendors|games|lottery_games|countries) /);
      expect(sql).not.toMatch(/\bDEMO/);
    }
    const demo = demoSeedStatements();
    for (const sql of production) expect(demo).toContain(sql);
  });
});
