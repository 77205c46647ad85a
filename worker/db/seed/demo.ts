/**
 * Demo data generator: the DEMO and DEMO2 sites with their settings, ≥ 12 vendors and ≥ 650 games with
 * believable generated names. Loaded by `node scripts/d1.ts seed` and by vitest.config.ts, so it imports only
 * its sibling data file (with an explicit `.ts` extension) and nothing else.
 *
 * - Deterministic: names and flags come from a seeded PRNG (mulberry32 keyed by vendor and category), never
 *   Math.random; node ids are `block.nodeBase + index + 1`, so a game keeps its id when other vendors change.
 * - Idempotent: every statement is an upsert whose update only fires when a value differs, so a second run
 *   reports 0 changes. Operator state (merchant/vendor maintenance, regions, CDNs) is left out of the inserts
 *   and so survives a re-seed, as do the links and registration field rules (OPERATOR_OWNED); members, wallets
 *   and everything players create are never touched.
 * - Categories: games store their category in `game_type` directly; ESPORTS and COCKFIGHT are stored as
 *   categories of their own, which is how "split out of SPORTS" (player-shell §3) is realised.
 */
import {
  MERCHANTS, NAME_KITS, REGISTRATION_FIELDS, RESOURCES, VENDORS,
  type SeedBlock, type SeedMerchant, type SeedVendor,
} from './demo-data.ts';
import { lotterySeedStatements } from './lottery.ts';
import { accountsSeedStatements } from './accounts.ts';
import { paymentsSeedStatements } from './payments.ts';

type SqlValue = string | number | null;

/** Creation time written on seeded merchants (epoch ms). */
const SEED_TIME = Date.UTC(2026, 0, 1);
const ROWS_PER_STATEMENT = 40;

/** SQL statements that create or refresh the demo data; safe to run any number of times. */
export function demoSeedStatements(): string[] {
  return [
    ...merchantStatements(MERCHANTS),
    ...upsert('vendors', ['vassalage', 'display_name', 'account_type_name', 'launch_adapter'], ['vassalage'],
      VENDORS.map((v) => [v.vassalage, v.displayName, v.accountTypeName, v.adapter])),
    ...upsert('games', GAME_COLUMNS, ['node_id'], VENDORS.flatMap(vendorGames)),
    ...catalogueStatements(MERCHANTS),
    ...lotterySeedStatements(),
    ...accountsSeedStatements(),
    ...paymentsSeedStatements(),
  ];
}

/**
 * Columns the operator changes by command (`npm run operator -- link|registration …`, docs/site-settings.md): the
 * seed inserts these rows when missing and never overwrites them, so a re-seed (every `npm start`) keeps the
 * operator's links (a cleared one stays cleared: its address is '') and field rules.
 */
const OPERATOR_OWNED = {
  merchant_resources: ['url', 'label_name_en', 'sort_order'],
  customer_service: ['path'],
  registration_fields: ['enabled', 'required', 'sort_order'],
};

function merchantStatements(merchants: SeedMerchant[]): string[] {
  return [
    ...upsert('merchants',
      ['code', 'name', 'currency', 'currency_symbol', 'theme', 'welcome_bonus_minor', 'trial_balance_minor', 'description', 'created_at'],
      ['code'],
      merchants.map((m) => [m.code, m.name, m.currency, m.currencySymbol, m.theme, m.welcomeBonusMinor, m.trialBalanceMinor, m.description, SEED_TIME]),
      ['created_at']),
    ...upsert('merchant_domains', ['host', 'merchant_code'], ['host'],
      merchants.flatMap((m) => m.hosts.map((host) => [host, m.code]))),
    ...upsert('site_switches', ['merchant_code', 'module_id', 'enabled'], ['merchant_code', 'module_id'],
      merchants.flatMap((m) => Object.entries(m.switches).map(([id, on]) => [m.code, id, on]))),
    ...upsert('merchant_flags', ['merchant_code', 'kind', 'flag_key', 'value'], ['merchant_code', 'kind', 'flag_key'],
      merchants.flatMap((m) => [
        ...Object.entries(m.promotions).map(([key, on]) => [m.code, 'promotion', key, on]),
        ...Object.entries(m.templates).map(([key, on]) => [m.code, 'template', key, on]),
      ])),
    ...upsert('merchant_resources', ['merchant_code', 'resource_type', 'url', 'label_name_en', 'sort_order'], ['merchant_code', 'resource_type'],
      merchants.flatMap((m) => m.resourceTypes.map((type, i) => {
        const [path, label] = RESOURCES[type] ?? [type.toLowerCase(), type];
        return [m.code, type, `https://example.com/${m.resourcesSite}/${path}`, label, (i + 1) * 10];
      })), OPERATOR_OWNED.merchant_resources),
    ...upsert('customer_service', ['merchant_code', 'cs_type', 'path'], ['merchant_code', 'cs_type'],
      merchants.flatMap((m) => Object.entries(m.customerService).map(([type, path]) => [m.code, type, path])), OPERATOR_OWNED.customer_service),
    ...upsert('registration_fields', ['merchant_code', 'field', 'enabled', 'required', 'sort_order'], ['merchant_code', 'field'],
      merchants.flatMap((m) => REGISTRATION_FIELDS.map(([field, enabled, required], i) => {
        const [on, needed] = m.registrationOverrides[field] ?? [enabled, required];
        return [m.code, field, on, needed, (i + 1) * 10];
      })), OPERATOR_OWNED.registration_fields),
    ...upsert('banners', ['id', 'merchant_code', 'group_name', 'url', 'linkage', 'title', 'sort_order'], ['id'],
      merchants.flatMap((m) => m.banners.map((b, i) => [b.id, m.code, b.group, `/icons/banner/${b.id}.svg`, b.linkage, b.title, (i + 1) * 10]))),
  ];
}

/** Which vendors and categories each merchant offers, in its sorting order. */
function catalogueStatements(merchants: SeedMerchant[]): string[] {
  const vendorRows: SqlValue[][] = [];
  const categoryRows: SqlValue[][] = [];
  for (const m of merchants) {
    const offered = m.vendors ?? VENDORS.map((v) => v.vassalage);
    offered.forEach((vassalage, i) => {
      const vendor = VENDORS.find((v) => v.vassalage === vassalage);
      if (!vendor) throw new Error(`Merchant ${m.code} offers unknown vendor ${vassalage}`);
      for (const block of vendor.blocks) {
        if (m.categories.includes(block.category)) vendorRows.push([m.code, vassalage, block.category, (i + 1) * 10]);
      }
    });
    m.categories.forEach((category, i) => categoryRows.push([m.code, category, (i + 1) * 10]));
  }
  return [
    ...upsert('merchant_vendors', ['merchant_code', 'vassalage', 'game_type', 'sort_order'], ['merchant_code', 'vassalage', 'game_type'], vendorRows),
    ...upsert('merchant_categories', ['merchant_code', 'game_category', 'sort_order'], ['merchant_code', 'game_category'], categoryRows),
  ];
}

const GAME_COLUMNS = [
  'node_id', 'tel_node_id', 'vassalage', 'game_type', 'game_id', 'game_code', 'game_name', 'game_group_id', 'room_id',
  'lotto_mode', 'game_classify', 'is_new', 'is_hot', 'support_play', 'min_bet_minor', 'min_line', 'sort_order', 'enabled',
];

/** The games of one vendor as rows in GAME_COLUMNS order. */
function vendorGames(vendor: SeedVendor): SqlValue[][] {
  const queues = new Map<string, string[]>();
  return vendor.blocks.flatMap((block) => blockGames(vendor, block, queues));
}

function blockGames(vendor: SeedVendor, block: SeedBlock, queues: Map<string, string[]>): SqlValue[][] {
  const rand = mulberry32(fnv1a(`${vendor.vassalage}:${block.category}`));
  const rows: SqlValue[][] = [];
  for (let i = 0; i < block.count; i++) {
    // Fixed draw order per game keeps every game's values stable when another field's rule changes.
    const classify = pick(rand, block.classify);
    const kitKey = NAME_KITS[`${block.kit}.${classify}`] ? `${block.kit}.${classify}` : block.kit;
    const { name, first } = nextName(kitKey, rand, queues, vendor.vassalage);
    const isHot = rand() < 0.08 ? 1 : 0;
    const isNew = rand() < 0.1 ? 1 : 0;
    const supportPlay = rand() < block.freePlayShare ? 0 : 1;
    const minBet = pick(rand, block.minBets);
    const minLine = classify === 'slot' ? pick(rand, block.minLines) : (block.minLines[0] ?? 0);
    const modeRoll = rand();
    const enabled = rand() < 0.015 ? 0 : 1;

    const nodeId = block.nodeBase + i + 1;
    const lottery = block.category === 'LOTT' || block.category === 'ELOTT';
    const lottoMode = block.category === 'LOTT'
      ? (modeRoll < 0.7 ? 'Tradition' : 'Tradition,Entertainment')
      : block.category === 'ELOTT' ? (modeRoll < 0.6 ? 'Entertainment' : 'Tradition,Entertainment') : null;
    rows.push([
      nodeId,
      700000 + nodeId,
      vendor.vassalage,
      block.category,
      `${vendor.gameIdPrefix}${nodeId}`,
      slug(name),
      name,
      lottery ? slug(first).toUpperCase().replace(/-/g, '_') : null,
      block.category === 'LIVE' ? `${vendor.gameIdPrefix}-T${String(i + 1).padStart(2, '0')}` : null,
      lottoMode,
      classify,
      isNew,
      isHot,
      supportPlay,
      minBet,
      minLine,
      (i + 1) * 10,
      enabled,
    ]);
  }
  return rows;
}

/** Next unused name of a kit for a vendor: combinations in a seeded shuffle order, so never a duplicate. */
function nextName(kitKey: string, rand: () => number, queues: Map<string, string[]>, vassalage: string): { name: string; first: string } {
  const kit = NAME_KITS[kitKey];
  if (!kit) throw new Error(`Unknown name kit ${kitKey}`);
  let queue = queues.get(kitKey);
  if (!queue) {
    queue = kit.first.flatMap((a) => kit.second.flatMap((b) => kit.suffix.map((c) => [a, b, c].filter(Boolean).join(' '))));
    queue = [...new Set(queue)];
    shuffle(queue, rand);
    queues.set(kitKey, queue);
  }
  const name = queue.shift();
  if (!name) throw new Error(`Name kit ${kitKey} ran out of names for ${vassalage}`);
  const first = kit.first.find((f) => name.startsWith(`${f} `) || name === f) ?? name;
  return { name, first };
}

/** INSERT … ON CONFLICT upserts in chunks; the update only runs when some value differs (0 changes on a re-run). */
function upsert(table: string, columns: string[], keys: string[], rows: SqlValue[][], keepOnConflict: string[] = []): string[] {
  const updatable = columns.filter((c) => !keys.includes(c) && !keepOnConflict.includes(c));
  const onConflict = updatable.length === 0
    ? 'DO NOTHING'
    : `DO UPDATE SET ${updatable.map((c) => `${c} = excluded.${c}`).join(', ')} WHERE ${updatable.map((c) => `${table}.${c} IS NOT excluded.${c}`).join(' OR ')}`;
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => `(${row.map(literal).join(', ')})`).join(',\n  ');
    statements.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n  ${values}\nON CONFLICT (${keys.join(', ')}) ${onConflict}`);
  }
  return statements;
}

/** A SQL literal: the seed is a plain SQL file for `wrangler d1 execute`, so values are quoted here. */
function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Seed numbers must be integers, got ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/&/g, 'and').replace(/'/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function shuffle<T>(list: T[], rand: () => number): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
}

/** 32-bit FNV-1a of a string (PRNG seeds). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded PRNG with uniform floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
