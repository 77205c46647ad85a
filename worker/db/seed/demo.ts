/**
 * Seed generator (docs/sites.md "Seeds"): the catalogue every deployment shares (≥ 12 vendors and ≥ 650 games with
 * believable generated names, lottery configuration, countries; `catalogueSeedStatements`, the production seed)
 * and the demo on top of it (the DEMO and DEMO2 sites with their settings, the demo agent, demo payment methods;
 * `demoSeedStatements`). Loaded by `node scripts/d1.ts seed` and by vitest.config.ts, so it imports only its
 * sibling files and rules/seeded-random.ts (with an explicit `.ts` extension; none of them imports anything else). A site's own rows are built by site-rows.ts,
 * which `npm run operator -- site create` uses too.
 *
 * - Deterministic: names and flags come from a seeded PRNG (mulberry32 keyed by vendor and category), never
 *   Math.random; node ids are `block.nodeBase + index + 1`, so a game keeps its id when other vendors change.
 * - Idempotent: every statement is an upsert whose update only fires when a value differs, so a second run
 *   reports 0 changes. Operator state (merchant/vendor maintenance, regions, CDNs) is left out of the inserts
 *   and so survives a re-seed, as do the links and registration field rules (site-rows.ts OPERATOR_OWNED);
 *   members, wallets and everything players create are never touched.
 * - Categories: games store their category in `game_type` directly; ESPORTS and COCKFIGHT are stored as
 *   categories of their own, which is how "split out of SPORTS" (player-shell §3) is realised.
 */
import { MERCHANTS, NAME_KITS, RESOURCES, VENDORS, type SeedBlock, type SeedMerchant, type SeedVendor } from './demo-data.ts';
import { lotterySeedStatements } from './lottery.ts';
import { fnv1a, mulberry32 } from '../../../rules/seeded-random.ts';
import { countrySeedStatements, demoAccountsSeedStatements } from './accounts.ts';
import { paymentsSeedStatements } from './payments.ts';
import { offerRowSets, siteRowSets, upsertStatements, type SiteDefinition, type SqlValue } from './site-rows.ts';

/** Creation time written on seeded merchants (epoch ms). */
const SEED_TIME = Date.UTC(2026, 0, 1);

/**
 * SQL statements that create or refresh the catalogue every deployment shares: vendors, games, the lottery games'
 * configuration and the country dialling codes. No merchant, no member: the production seed
 * (`npm run db:seed -- --production`, docs/sites.md) runs only these. Safe to run any number of times.
 */
export function catalogueSeedStatements(): string[] {
  return [
    ...upsertStatements({
      table: 'vendors', columns: ['vassalage', 'display_name', 'account_type_name', 'launch_adapter'], keys: ['vassalage'],
      rows: VENDORS.map((v) => [v.vassalage, v.displayName, v.accountTypeName, v.adapter]),
    }),
    ...upsertStatements({ table: 'games', columns: GAME_COLUMNS, keys: ['node_id'], rows: VENDORS.flatMap(vendorGames) }),
    ...lotterySeedStatements(),
    ...countrySeedStatements(),
  ];
}

/** SQL statements that create or refresh the demo data (the catalogue and the DEMO and DEMO2 sites); safe to run any number of times. */
export function demoSeedStatements(): string[] {
  return [
    ...siteRowSets(MERCHANTS.map(demoSite)).flatMap(upsertStatements),
    ...upsertStatements(bannerRows(MERCHANTS)),
    ...catalogueSeedStatements(),
    ...MERCHANTS.flatMap((m) => offerRowSets(m.code, offeredVendors(m), m.categories)).flatMap(upsertStatements),
    ...demoAccountsSeedStatements(),
    ...paymentsSeedStatements(),
  ];
}

/** A demo merchant as the shared row builders take it: its links are example.com placeholders (demo only). */
function demoSite(m: SeedMerchant): SiteDefinition {
  return {
    code: m.code, name: m.name, currency: m.currency, currencySymbol: m.currencySymbol, theme: m.theme, defaultLanguage: 'EN',
    welcomeBonusMinor: m.welcomeBonusMinor, trialBalanceMinor: m.trialBalanceMinor, description: m.description, createdAt: SEED_TIME,
    hosts: m.hosts, switches: m.switches, promotions: m.promotions, templates: m.templates,
    resources: m.resourceTypes.map((type) => {
      const [path, label] = RESOURCES[type] ?? [type.toLowerCase(), type];
      return { type, url: `https://example.com/${m.resourcesSite}/${path}`, label };
    }),
    customerService: m.customerService,
    registrationOverrides: m.registrationOverrides,
  };
}

function bannerRows(merchants: SeedMerchant[]) {
  return {
    table: 'banners', columns: ['id', 'merchant_code', 'group_name', 'url', 'linkage', 'title', 'sort_order'], keys: ['id'],
    rows: merchants.flatMap((m) => m.banners.map((b, i): SqlValue[] => [b.id, m.code, b.group, `/icons/banner/${b.id}.svg`, b.linkage, b.title, (i + 1) * 10])),
  };
}

/** The vendors a demo merchant offers, in its sorting order, with the categories each has games in. */
function offeredVendors(m: SeedMerchant) {
  return (m.vendors ?? VENDORS.map((v) => v.vassalage)).map((vassalage) => {
    const vendor = VENDORS.find((v) => v.vassalage === vassalage);
    if (!vendor) throw new Error(`Merchant ${m.code} offers unknown vendor ${vassalage}`);
    return { vassalage, gameTypes: vendor.blocks.map((b) => b.category) };
  });
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

