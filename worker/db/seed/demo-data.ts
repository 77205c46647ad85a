/**
 * The demo data as plain values: merchants and their settings, vendors, and the word lists the catalogue
 * generator (`demo.ts`) draws game names from. No imports, so Node can load it directly next to `demo.ts`.
 */

/** A game category stored in `games.game_type`. ESPORTS and COCKFIGHT are stored as their own categories
 * (player-shell §3: "Cockfight and esports vendors are split out of SPORTS into their own categories"). */
export type SeedCategory = 'LOTT' | 'ELOTT' | 'LIVE' | 'RNG' | 'FISH' | 'SPORTS' | 'ESPORTS' | 'PVP' | 'COCKFIGHT';

/** One block of games a vendor offers under one category. `nodeBase + i` is the stable node id of game i. */
export interface SeedBlock {
  category: SeedCategory;
  nodeBase: number;
  count: number;
  /** Game-name generator key (see NAME_KITS) and the classifications the block is spread over. */
  kit: string;
  classify: (string | null)[];
  /** Share of games that support free play (support_play 0). */
  freePlayShare: number;
  minBets: number[];
  minLines: number[];
}

/** A vendor (vassalage) with its game blocks. */
export interface SeedVendor {
  vassalage: string;
  displayName: string;
  accountTypeName: string;
  /** 'lottery' for LOTT/ELOTT vendors, 'demo' for vendors the built-in demo platform hosts as playable slots. */
  adapter: 'lottery' | 'demo';
  gameIdPrefix: string;
  blocks: SeedBlock[];
}

const SLOT_LINES = [1, 5, 9, 10, 20, 25, 40, 50, 243];

/** Every vendor of the demo catalogue (≥ 12, spread over all nine stored categories). */
export const VENDORS: SeedVendor[] = [
  { vassalage: 'TCG', displayName: 'TCG Lottery', accountTypeName: 'TCG Lottery', adapter: 'lottery', gameIdPrefix: '',
    blocks: [{ category: 'LOTT', nodeBase: 1000, count: 32, kit: 'vnProvince', classify: ['lotto'], freePlayShare: 0, minBets: [100, 1000], minLines: [0] }] },
  { vassalage: 'TCG_SEA', displayName: 'TCG SEA Lottery', accountTypeName: 'TCG SEA', adapter: 'lottery', gameIdPrefix: '',
    blocks: [{ category: 'LOTT', nodeBase: 2000, count: 28, kit: 'seaLottery', classify: ['lotto'], freePlayShare: 0, minBets: [100, 500], minLines: [0] }] },
  { vassalage: 'TCG_LOTTO_VN', displayName: 'TCG Lotto VN', accountTypeName: 'TCG Lotto VN', adapter: 'lottery', gameIdPrefix: '',
    blocks: [{ category: 'ELOTT', nodeBase: 3000, count: 44, kit: 'fastLottery', classify: ['fast'], freePlayShare: 0, minBets: [10, 100], minLines: [0] }] },
  { vassalage: 'PD_SLOTS', displayName: 'Orbit Originals', accountTypeName: 'Orbit Originals', adapter: 'demo', gameIdPrefix: 'PDS',
    blocks: [{ category: 'RNG', nodeBase: 10000, count: 120, kit: 'rng', classify: ['slot', 'slot', 'slot', 'table', 'arcade'], freePlayShare: 0.5, minBets: [10, 20, 50, 100], minLines: SLOT_LINES }] },
  { vassalage: 'NEBULA_SLOTS', displayName: 'Nebula Gaming', accountTypeName: 'Nebula', adapter: 'demo', gameIdPrefix: 'NBL',
    blocks: [{ category: 'RNG', nodeBase: 11000, count: 110, kit: 'rng', classify: ['slot', 'slot', 'arcade'], freePlayShare: 0.5, minBets: [10, 20, 50], minLines: SLOT_LINES }] },
  { vassalage: 'GOLDEN_REEL', displayName: 'Golden Reel', accountTypeName: 'Golden Reel', adapter: 'demo', gameIdPrefix: 'GR',
    blocks: [{ category: 'RNG', nodeBase: 12000, count: 100, kit: 'rng', classify: ['slot', 'slot', 'slot', 'table'], freePlayShare: 0.5, minBets: [20, 50, 100], minLines: SLOT_LINES }] },
  { vassalage: 'JADE_DRAGON', displayName: 'Jade Dragon', accountTypeName: 'Jade Dragon', adapter: 'demo', gameIdPrefix: 'JD',
    blocks: [
      { category: 'RNG', nodeBase: 13000, count: 70, kit: 'rng', classify: ['slot', 'slot', 'arcade', 'table'], freePlayShare: 0.5, minBets: [10, 50, 100], minLines: SLOT_LINES },
      { category: 'FISH', nodeBase: 13500, count: 15, kit: 'fish', classify: ['fishing'], freePlayShare: 0.5, minBets: [10, 50], minLines: [0] },
    ] },
  { vassalage: 'AURORA_FISH', displayName: 'Aurora Fishing', accountTypeName: 'Aurora', adapter: 'demo', gameIdPrefix: 'AF',
    blocks: [{ category: 'FISH', nodeBase: 14000, count: 30, kit: 'fish', classify: ['fishing', 'fishing', 'shooter'], freePlayShare: 0.5, minBets: [10, 50, 100], minLines: [0] }] },
  { vassalage: 'PD_LIVE', displayName: 'Crown Live', accountTypeName: 'Crown Live', adapter: 'demo', gameIdPrefix: 'PDL',
    blocks: [{ category: 'LIVE', nodeBase: 15000, count: 40, kit: 'live', classify: ['dragontiger'], freePlayShare: 0, minBets: [100, 500, 1000], minLines: [0] }] },
  { vassalage: 'EVERLIGHT_LIVE', displayName: 'Everlight Live', accountTypeName: 'Everlight', adapter: 'demo', gameIdPrefix: 'EVL',
    blocks: [{ category: 'LIVE', nodeBase: 16000, count: 30, kit: 'live', classify: ['dragontiger'], freePlayShare: 0, minBets: [100, 1000, 2000], minLines: [0] }] },
  { vassalage: 'KICKOFF', displayName: 'Kickoff Sports', accountTypeName: 'Kickoff', adapter: 'demo', gameIdPrefix: 'KO',
    blocks: [{ category: 'SPORTS', nodeBase: 17000, count: 8, kit: 'sports', classify: [null], freePlayShare: 0, minBets: [100], minLines: [0] }] },
  { vassalage: 'VIRTUAL_LEAGUE', displayName: 'Virtual League', accountTypeName: 'Virtual League', adapter: 'demo', gameIdPrefix: 'VL',
    blocks: [{ category: 'SPORTS', nodeBase: 17500, count: 6, kit: 'virtualSports', classify: [null], freePlayShare: 0, minBets: [50, 100], minLines: [0] }] },
  { vassalage: 'ESPORT_ARENA', displayName: 'eSport Arena', accountTypeName: 'eSport Arena', adapter: 'demo', gameIdPrefix: 'ESA',
    blocks: [{ category: 'ESPORTS', nodeBase: 18000, count: 14, kit: 'esports', classify: ['moba', 'shooter', 'strategy'], freePlayShare: 0, minBets: [100], minLines: [0] }] },
  { vassalage: 'CARD_PVP', displayName: 'Card Royale', accountTypeName: 'Card Royale', adapter: 'demo', gameIdPrefix: 'CR',
    blocks: [{ category: 'PVP', nodeBase: 19000, count: 50, kit: 'pvp', classify: ['dragontiger'], freePlayShare: 0, minBets: [50, 100, 500, 1000], minLines: [0] }] },
  { vassalage: 'ROOSTER_PIT', displayName: 'Rooster Pit', accountTypeName: 'Rooster Pit', adapter: 'demo', gameIdPrefix: 'RP',
    blocks: [{ category: 'COCKFIGHT', nodeBase: 20000, count: 8, kit: 'cockfight', classify: [null], freePlayShare: 0, minBets: [500, 1000], minLines: [0] }] },
];

/**
 * Word lists per name kit. A block's game of classification `c` draws from kit `<kit>.<c>` when it exists, else
 * from `<kit>`. A name is `first second suffix`; the generator takes combinations in a seeded shuffle order, so
 * names are unique within a vendor. Names say what a title opens (docs/games.md "Demo titles and their
 * configurations"): slot, crash and shooter titles open their own kind; every title hosted by the card table is
 * named "Dragon Tiger · <room>" (live, RNG table, PvP blocks, classified 'dragontiger' or 'table') or, in the
 * head-to-head categories, "<side> v <side>" (two sides and a draw).
 */
export const NAME_KITS: Record<string, { first: string[]; second: string[]; suffix: string[] }> = {
  'rng.slot': {
    first: ['Golden', 'Lucky', 'Mystic', 'Wild', 'Royal', 'Crystal', "Dragon's", 'Sakura', 'Neon', 'Ancient', 'Blazing', 'Jade',
      'Midnight', 'Thunder', 'Emerald', 'Pirate', 'Samurai', 'Cosmic', 'Frozen', 'Sunny', 'Magic', 'Viking', "Pharaoh's", 'Candy'],
    second: ['Fortune', 'Treasure', 'Phoenix', 'Tiger', 'Jewels', 'Koi', 'Panda', 'Empire', 'Riches', 'Buffalo', 'Gems', 'Lantern',
      'Temple', 'Galaxy', 'Carnival', 'Safari', 'Voyage', 'Legends', 'Fruits', 'Wolves', 'Pearls', 'Crown', 'Bonanza', 'Nights'],
    suffix: ['', '', '', '', 'Megaways', 'Deluxe', 'Hold & Win', 'Rising', 'Xtreme', 'II'],
  },
  'rng.table': {
    first: ['Dragon Tiger ·'],
    second: ['Jade Room', 'Lotus Room', 'Pearl Room', 'Ruby Room', 'Amber Room', 'Onyx Room', 'Coral Room', 'Ivory Room',
      'Silk Room', 'Cedar Room', 'Orchid Room', 'Bamboo Room'],
    suffix: ['', 'Pro', 'VIP', 'Gold'],
  },
  'rng.arcade': {
    first: ['Plinko', 'Mines', 'Crash', 'Dice', 'Limbo', 'Hi-Lo', 'Keno', 'Tower', 'Wheel', 'Coin Flip', 'Rocket', 'Balloon'],
    second: ['X', 'Rush', 'Turbo', 'Neon', '1000', 'Blitz', 'Party', 'Galaxy'],
    suffix: [''],
  },
  'fish.fishing': {
    first: ['Ocean', 'Fishing', 'Deep Sea', 'Golden Toad', 'Mermaid', 'Shark', 'Coral', 'Kraken', 'Lucky Fish', 'Dragon Fishing'],
    second: ['King', 'Frenzy', 'Hunter', 'Party', 'Legend', 'War', 'Paradise', 'Bounty'],
    suffix: ['', '', '2', '3D'],
  },
  'fish.shooter': {
    first: ['Monster', 'Alien', 'Dino', 'Zombie', 'Space', 'Robot'],
    second: ['Blaster', 'Hunter', 'Strike', 'Invasion'],
    suffix: ['', 'Zero'],
  },
  'live.dragontiger': {
    first: ['Dragon Tiger ·'],
    second: ['Macau Table', 'Manila Table', 'Saigon Table', 'Bangkok Table', 'Lisbon Table', 'Monaco Table', 'Riviera Table',
      'Harbour Table', 'Skyline Table', 'Lantern Table', 'Golden Table', 'Empire Table'],
    suffix: ['', 'VIP', 'Prime', 'Lounge'],
  },
  // Head-to-head titles are named "<side> v <side>": the card duel plays those two sides and a draw
  // (rules/demoGames.ts tableConfigOf reads the sides from the name).
  sports: {
    first: ['Harbour Lions', 'Northfield Rovers', 'Riverside United', 'Westport Wanderers', 'Kingsbay City', 'Ashford Athletic',
      'Lakeside Falcons', 'Redcliff Town', 'Stonebridge FC', 'Eastmoor Rangers'],
    second: ['v Mountain Eagles', 'v Southgate Albion', 'v Highland Stars', 'v Portside Sharks'],
    suffix: [''],
  },
  virtualSports: {
    first: ['Virtual Comets', 'Virtual Titans', 'Virtual Hornets', 'Virtual Panthers', 'Virtual Mariners', 'Virtual Rockets'],
    second: ['v Virtual Dragons', 'v Virtual Wolves', 'v Virtual Bulls', 'v Virtual Knights'],
    suffix: [''],
  },
  'esports.moba': { first: ['Team Nova', 'Crimson Ravens', 'Azure Phoenix'], second: ['v Iron Lotus', 'v Shadow Foxes', 'v Solar Kings', 'v Frost Giants'], suffix: [''] },
  'esports.shooter': { first: ['Night Owls', 'Steel Vipers', 'Ghost Squad'], second: ['v Red Hawks', 'v Zero Point', 'v Black Mambas', 'v Storm Unit'], suffix: [''] },
  'esports.strategy': { first: ['Grand Tacticians', 'Jade Legion', 'Silver Crowns'], second: ['v Cobalt Order', 'v Ember Guild', 'v Arcane Five', 'v Tundra Clan'], suffix: [''] },
  'pvp.dragontiger': {
    first: ['Dragon Tiger Duel ·'],
    second: ['Orchid Club', 'Tiger Club', 'Harbour Club', 'Silver Club', 'Lucky Club', 'Royal Club', 'Pearl Club', 'Star Club',
      'Cedar Club', 'Maple Club'],
    suffix: ['', 'Classic', 'Rush', 'Express', 'Royale', 'Night'],
  },
  cockfight: {
    first: ['Cebu Red', 'Manila Black', 'Bacolod Gold', 'Davao Grey', 'Iloilo Brown', 'Pampanga White'],
    second: ['v Batangas Blue', 'v Cavite Speckled', 'v Laguna Pyle', 'v Bohol Ginger', 'v Leyte Hatch', 'v Samar Kelso', 'v Tarlac Sweater'],
    suffix: [''],
  },
  vnProvince: {
    first: ['Hanoi', 'Ho Chi Minh City', 'Da Nang', 'Can Tho', 'Hai Phong', 'Dong Thap', 'Ca Mau', 'Ben Tre', 'Vung Tau',
      'Bac Lieu', 'Dong Nai', 'Soc Trang', 'Tay Ninh', 'An Giang', 'Binh Thuan', 'Vinh Long', 'Binh Duong', 'Tra Vinh', 'Long An',
      'Hau Giang', 'Tien Giang', 'Kien Giang', 'Da Lat', 'Quang Ninh', 'Bac Ninh', 'Nam Dinh', 'Thai Binh', 'Hue', 'Phu Yen',
      'Dak Lak', 'Quang Nam', 'Khanh Hoa', 'Binh Dinh', 'Quang Tri', 'Gia Lai', 'Ninh Thuan', 'Quang Ngai', 'Kon Tum'],
    second: ['Lottery'],
    suffix: [''],
  },
  seaLottery: {
    first: ['Thai Government', 'Lao Development', 'Magnum', 'Sports Toto', 'Da Ma Cai', 'Singapore', 'Cambodia', 'Sabah',
      'Sandakan', 'Sarawak Cash Sweep', 'Grand Dragon', 'Perdana', 'Lucky Hari-Hari', 'Philippine'],
    second: ['4D', 'Lotto', '6D', 'Jackpot'],
    suffix: [''],
  },
  fastLottery: {
    first: ['VN Fast', 'Lucky 5D', 'Keno', 'PK10', 'Fast 3', 'Xoso Quick', 'Lucky Ball', 'Speed Lotto', 'Happy 8', 'Super 3D',
      'Mega Keno', 'Lucky 28'],
    second: ['45 Sec', '1 Min', '3 Min', '5 Min'],
    suffix: [''],
  },
};

/** One white-label site with its settings. */
export interface SeedMerchant {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  theme: 'dark' | 'light';
  welcomeBonusMinor: number;
  trialBalanceMinor: number;
  description: string;
  hosts: string[];
  switches: Record<string, 0 | 1>;
  promotions: Record<string, 0 | 1>;
  templates: Record<string, 0 | 1>;
  /** Vendors offered, in vendor sorting order; null offers every vendor. */
  vendors: string[] | null;
  categories: SeedCategory[];
  resourcesSite: string;
  resourceTypes: string[];
  /** Customer-service entries: csType → path. */
  customerService: Record<string, string>;
  /** Registration field overrides on top of REGISTRATION_FIELDS (site-rows.ts). */
  registrationOverrides: Record<string, [enabled: 0 | 1, required: 0 | 1]>;
  banners: { id: number; group: 'm_home' | 'm_youtube'; title: string; linkage: string }[];
}

const DEMO_SWITCHES: Record<string, 0 | 1> = {
  CBS3: 1, REWCEN3: 1, MOBILEVERCODELOGIN3: 1, FACEBOOKLOGIN3: 0, GOOGLELOGIN3: 0, USERNAMEREG3: 1, MOBILENUMREG3: 1,
  REGMOBVERF3: 0, MOBILENUMPASSREG3: 0, AGENTPOLICY3: 1, FREEPLAY3: 1, COMM3: 1,
};

/** Download and social links: resource type → [path under the site's example.com folder, English label]. */
export const RESOURCES: Record<string, [path: string, label: string]> = {
  Android: ['download/playdeck.apk', 'Android'],
  IOS: ['download/ios', 'iOS'],
  MOBILECONFIG: ['download/playdeck.mobileconfig', 'iOS profile'],
  AppDownloadIcon: ['download/app-icon.png', 'App icon'],
  FACEBOOK: ['social/facebook', 'Facebook'],
  INSTAGRAM: ['social/instagram', 'Instagram'],
  YOUTUBE: ['social/youtube', 'YouTube'],
  TELEGRAM: ['social/telegram', 'TELEGRAM'],
  DISCORD: ['social/discord', 'Discord'],
  LINKEDIN: ['social/linkedin', 'LinkedIn'],
};

/** The two demo sites: DEMO (everything on) and DEMO2 (a different brand for white-label checks). */
export const MERCHANTS: SeedMerchant[] = [
  {
    code: 'DEMO', name: 'PlayDeck Demo', currency: 'USD', currencySymbol: '$', theme: 'dark',
    welcomeBonusMinor: 100000, trialBalanceMinor: 50000,
    description: 'PlayDeck brings lottery draws, slots, live casino tables, fishing games, sports, esports, card games and ' +
      'cockfighting together in one place. Play on any phone, keep your favourites close and try many games for free before ' +
      'you play for real. Players must be 18 or older. Please play responsibly.',
    hosts: ['127.0.0.1', 'localhost'],
    switches: DEMO_SWITCHES,
    promotions: { REFERRAL: 1, MISSION: 1, LOGIN: 1 },
    templates: { mem_cen: 1, dep_func: 0 },
    vendors: null,
    categories: ['LOTT', 'ELOTT', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT'],
    resourcesSite: 'playdeck',
    resourceTypes: Object.keys(RESOURCES),
    customerService: { CS: 'https://example.com/playdeck/support', LIVECHAT: 'https://example.com/playdeck/livechat' },
    registrationOverrides: {},
    banners: [
      { id: 1, group: 'm_home', title: 'Welcome bonus: $1,000 to start', linkage: '' },
      { id: 2, group: 'm_home', title: 'Daily lottery draws every minute', linkage: '' },
      { id: 3, group: 'm_home', title: 'New slots every week', linkage: '' },
      { id: 4, group: 'm_youtube', title: 'How to play the lottery', linkage: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
      { id: 5, group: 'm_youtube', title: 'Live casino tour', linkage: 'https://www.youtube.com/watch?v=YE7VzlLtp-4' },
    ],
  },
  {
    code: 'DEMO2', name: 'Lucky Star', currency: 'PHP', currencySymbol: '₱', theme: 'light',
    welcomeBonusMinor: 50000, trialBalanceMinor: 20000,
    description: 'Lucky Star is your home for sabong, slots, live tables and lottery. Adults only (18+). Play responsibly.',
    hosts: ['play2.localhost'],
    switches: { ...DEMO_SWITCHES, CBS3: 0, FREEPLAY3: 0, MOBILEVERCODELOGIN3: 0, REWCEN3: 0 },
    promotions: { REFERRAL: 0, MISSION: 1, LOGIN: 1 },
    templates: { mem_cen: 0, dep_func: 1 },
    vendors: ['ROOSTER_PIT', 'PD_SLOTS', 'TCG_SEA', 'PD_LIVE', 'AURORA_FISH', 'CARD_PVP', 'KICKOFF'],
    categories: ['COCKFIGHT', 'RNG', 'LOTT', 'LIVE', 'FISH', 'PVP', 'SPORTS'],
    resourcesSite: 'luckystar',
    resourceTypes: ['Android', 'FACEBOOK', 'TELEGRAM'],
    customerService: { CS: 'https://example.com/luckystar/support', WHATSAPP: 'https://example.com/luckystar/whatsapp' },
    registrationOverrides: { email: [0, 0], mobileNum: [1, 1] },
    banners: [
      { id: 101, group: 'm_home', title: 'Sabong nights, live every day', linkage: '' },
      { id: 102, group: 'm_home', title: 'Lucky Star welcome bonus', linkage: '' },
    ],
  },
];
