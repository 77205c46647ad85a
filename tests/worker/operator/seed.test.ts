import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { demoSeedStatements } from '../../../worker/db/seed/demo.ts';
import { balanceOf, createMember } from '../fixtures';

const CATEGORIES = ['LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT'];

async function all<T>(sql: string, ...params: (string | number)[]): Promise<T[]> {
  return (await env.DB.prepare(sql).bind(...params).all<T>()).results;
}

async function count(sql: string, ...params: (string | number)[]): Promise<number> {
  return (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;
}

describe('demo seed: catalogue', () => {
  it('holds at least 650 enabled games from at least 12 vendors', async () => {
    expect(await count(`SELECT COUNT(*) AS n FROM games WHERE enabled = 1`)).toBeGreaterThanOrEqual(650);
    expect(await count(`SELECT COUNT(*) AS n FROM vendors`)).toBeGreaterThanOrEqual(12);
  });

  it.each(CATEGORIES)('has enabled games in category %s', async (category) => {
    expect(await count(`SELECT COUNT(*) AS n FROM games WHERE enabled = 1 AND game_type = ?`, category)).toBeGreaterThan(0);
  });

  it('classifies RNG games as slot, table and arcade', async () => {
    const rows = await all<{ c: string }>(`SELECT DISTINCT game_classify AS c FROM games WHERE game_type = 'RNG' AND enabled = 1 ORDER BY c`);
    expect(rows.map((r) => r.c)).toEqual(['arcade', 'slot', 'table']);
  });

  it('marks roughly 8% of games hot and 10% new', async () => {
    const total = await count(`SELECT COUNT(*) AS n FROM games`);
    const hot = await count(`SELECT COUNT(*) AS n FROM games WHERE is_hot = 1`);
    const fresh = await count(`SELECT COUNT(*) AS n FROM games WHERE is_new = 1`);
    expect(hot / total).toBeGreaterThan(0.04);
    expect(hot / total).toBeLessThan(0.12);
    expect(fresh / total).toBeGreaterThan(0.06);
    expect(fresh / total).toBeLessThan(0.14);
  });

  it('lets about half of the RNG games be played for free (support_play 0)', async () => {
    const rng = await count(`SELECT COUNT(*) AS n FROM games WHERE game_type = 'RNG'`);
    const free = await count(`SELECT COUNT(*) AS n FROM games WHERE game_type = 'RNG' AND support_play = 0`);
    expect(free / rng).toBeGreaterThan(0.35);
    expect(free / rng).toBeLessThan(0.65);
  });

  it('gives every lottery game a lotto mode and a game group, and no other game one', async () => {
    const lottery = await all<{ lotto_mode: string; game_group_id: string | null }>(
      `SELECT lotto_mode, game_group_id FROM games WHERE game_type IN ('LOTT', 'ELOTT')`,
    );
    for (const row of lottery) {
      expect(['Tradition', 'Entertainment', 'Tradition,Entertainment']).toContain(row.lotto_mode);
      expect(row.game_group_id).toMatch(/^[A-Z0-9_]+$/);
    }
    expect(await count(`SELECT COUNT(*) AS n FROM games WHERE game_type NOT IN ('LOTT', 'ELOTT') AND (lotto_mode IS NOT NULL OR game_group_id IS NOT NULL)`)).toBe(0);
  });

  it("launches LOTT/ELOTT vendors through the 'lottery' adapter and every other vendor through 'demo'", async () => {
    const rows = await all<{ vassalage: string; launch_adapter: string; lottery: number }>(
      `SELECT v.vassalage, v.launch_adapter, MAX(g.game_type IN ('LOTT', 'ELOTT')) AS lottery
       FROM vendors v JOIN games g ON g.vassalage = v.vassalage GROUP BY v.vassalage`,
    );
    for (const row of rows) expect(row.launch_adapter).toBe(row.lottery ? 'lottery' : 'demo');
  });

  it('never repeats a game name within a vendor', async () => {
    expect(await count(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM games GROUP BY vassalage, game_name HAVING COUNT(*) > 1)`)).toBe(0);
  });
});

describe('demo seed: sites', () => {
  it.each([
    ['CBS3', 1, 0], ['REWCEN3', 1, 0], ['MOBILEVERCODELOGIN3', 1, 0], ['FACEBOOKLOGIN3', 0, 0], ['GOOGLELOGIN3', 0, 0],
    ['USERNAMEREG3', 1, 1], ['MOBILENUMREG3', 1, 1], ['REGMOBVERF3', 0, 0], ['MOBILENUMPASSREG3', 0, 0], ['AGENTPOLICY3', 1, 1],
    ['FREEPLAY3', 1, 0], ['COMM3', 1, 1],
  ])('sets switch %s to %i on DEMO and %i on DEMO2', async (moduleId, demo, demo2) => {
    const rows = await all<{ merchant_code: string; enabled: number }>(
      `SELECT merchant_code, enabled FROM site_switches WHERE module_id = ? ORDER BY merchant_code`, moduleId,
    );
    expect(rows).toEqual([{ merchant_code: 'DEMO', enabled: demo }, { merchant_code: 'DEMO2', enabled: demo2 }]);
  });

  it('routes 127.0.0.1 and localhost to DEMO and play2.localhost to DEMO2', async () => {
    const rows = await all<{ host: string; merchant_code: string }>(`SELECT host, merchant_code FROM merchant_domains ORDER BY host`);
    expect(rows).toEqual([
      { host: '127.0.0.1', merchant_code: 'DEMO' },
      { host: 'localhost', merchant_code: 'DEMO' },
      { host: 'play2.localhost', merchant_code: 'DEMO2' },
    ]);
  });

  it('has every registration field of accounts §2, with username, password, confirmPassword and captcha required on DEMO', async () => {
    const rows = await all<{ field: string; enabled: number; required: number }>(
      `SELECT field, enabled, required FROM registration_fields WHERE merchant_code = 'DEMO' ORDER BY sort_order`,
    );
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => r.required === 1).map((r) => r.field).sort()).toEqual(['captcha', 'confirmPassword', 'password', 'username']);
    expect(rows.filter((r) => r.enabled === 1 && r.required === 0).map((r) => r.field).sort())
      .toEqual(['affiliateCode', 'countryDialingCode', 'email', 'mobileNum', 'nickname']);
  });

  it('offers DEMO every vendor and DEMO2 only its own subset', async () => {
    const vendors = await count(`SELECT COUNT(*) AS n FROM vendors`);
    expect(await count(`SELECT COUNT(DISTINCT vassalage) AS n FROM merchant_vendors WHERE merchant_code = 'DEMO'`)).toBe(vendors);
    const demo2 = await count(`SELECT COUNT(DISTINCT vassalage) AS n FROM merchant_vendors WHERE merchant_code = 'DEMO2'`);
    expect(demo2).toBeGreaterThan(0);
    expect(demo2).toBeLessThan(vendors);
  });

  it('gives DEMO three home banners and two video banners with YouTube links', async () => {
    const rows = await all<{ group_name: string; url: string; linkage: string; id: number }>(
      `SELECT id, group_name, url, linkage FROM banners WHERE merchant_code = 'DEMO' ORDER BY id`,
    );
    expect(rows.filter((r) => r.group_name === 'm_home')).toHaveLength(3);
    const videos = rows.filter((r) => r.group_name === 'm_youtube');
    expect(videos).toHaveLength(2);
    for (const v of videos) expect(v.linkage).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    for (const r of rows) expect(r.url).toBe(`/icons/banner/${r.id}.svg`);
  });
});

describe('demo seed: re-running', () => {
  it('is generated the same way every time (no Math.random)', () => {
    expect(demoSeedStatements()).toEqual(env.TEST_SEED);
  });

  it('changes nothing when run a second time, and leaves members and wallets alone', async () => {
    const member = await createMember({ balanceMinor: 12_345 });
    const before = await count(`SELECT COUNT(*) AS n FROM games`);
    const results = await env.DB.batch(env.TEST_SEED.map((sql) => env.DB.prepare(sql)));
    expect(results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0)).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM games`)).toBe(before);
    expect(await balanceOf(member.memberId)).toBe(12_345);
    // The only account the seed creates is the demo agent (member and empty wallet), and only when absent.
    for (const sql of env.TEST_SEED) {
      if (/^INSERT INTO (members|wallets)\b/.test(sql.trim())) expect(sql).toMatch(/ON CONFLICT \([a-z_, ]+\) DO NOTHING\s*$/);
      else expect(sql).not.toMatch(/\b(members|wallets|ledger_entries|sessions)\b/);
    }
  });
});
