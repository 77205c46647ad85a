-- PlayDeck schema. Money is integer minor units (cents); time is UTC epoch milliseconds.

-- A merchant is one white-label site (merchantCode). Hosts map to merchants through merchant_domains.
CREATE TABLE merchants (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'USD',
  currency_symbol TEXT NOT NULL DEFAULT '$',
  theme TEXT NOT NULL DEFAULT 'dark',
  maintenance INTEGER NOT NULL DEFAULT 0,
  restricted_regions TEXT NOT NULL DEFAULT '[]',   -- JSON array of ISO country codes
  image_cdns TEXT NOT NULL DEFAULT '[]',           -- JSON array of base URLs; one is chosen at random
  welcome_bonus_minor INTEGER NOT NULL DEFAULT 0 CHECK (welcome_bonus_minor >= 0),
  trial_balance_minor INTEGER NOT NULL DEFAULT 0 CHECK (trial_balance_minor >= 0),
  description TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE merchant_domains (
  host TEXT PRIMARY KEY,                           -- lower-case host name without port
  merchant_code TEXT NOT NULL REFERENCES merchants(code)
);

-- Site switches by module id (CBS3, REWCEN3, MOBILEVERCODELOGIN3, FREEPLAY3, ...).
CREATE TABLE site_switches (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  module_id TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, module_id)
);

-- Promotion availability (REFERRAL, MISSION, LOGIN) and template flags (mem_cen, dep_func).
CREATE TABLE merchant_flags (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  kind TEXT NOT NULL CHECK (kind IN ('promotion', 'template')),
  flag_key TEXT NOT NULL,
  value INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, kind, flag_key)
);

-- Download and social links (resourceType IOS, Android, MOBILECONFIG, FACEBOOK, TELEGRAM, ...).
CREATE TABLE merchant_resources (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  resource_type TEXT NOT NULL,
  url TEXT NOT NULL,
  label_name_en TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, resource_type)
);

-- Customer-service entries (csType WHATSAPP, LIVECHAT, CS).
CREATE TABLE customer_service (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  cs_type TEXT NOT NULL,
  path TEXT NOT NULL,
  PRIMARY KEY (merchant_code, cs_type)
);

-- Registration field settings (accounts spec §3 "Registration validation rules").
CREATE TABLE registration_fields (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  field TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  required INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, field)
);

-- Game vendors (vassalage codes). launch_adapter names the worker service that builds launch URLs.
CREATE TABLE vendors (
  vassalage TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  account_type_name TEXT NOT NULL,
  launch_adapter TEXT NOT NULL DEFAULT 'demo',
  maintenance INTEGER NOT NULL DEFAULT 0
);

-- Which vendor offers which game type on which merchant, in the vendor sorting order.
CREATE TABLE merchant_vendors (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  vassalage TEXT NOT NULL REFERENCES vendors(vassalage),
  game_type TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (merchant_code, vassalage, game_type)
);

-- Category sorting list per merchant (gameCategory entries drive menus).
CREATE TABLE merchant_categories (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  game_category TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, game_category)
);

CREATE TABLE games (
  node_id INTEGER PRIMARY KEY,
  tel_node_id INTEGER NOT NULL,
  vassalage TEXT NOT NULL REFERENCES vendors(vassalage),
  game_type TEXT NOT NULL,
  game_id TEXT NOT NULL,
  game_code TEXT NOT NULL,
  game_name TEXT NOT NULL,
  game_group_id TEXT,
  room_id TEXT,
  lotto_mode TEXT,
  game_classify TEXT,                 -- type-specific classification (RNG: slot, table, arcade, ...)
  is_new INTEGER NOT NULL DEFAULT 0,
  is_hot INTEGER NOT NULL DEFAULT 0,
  support_play INTEGER NOT NULL DEFAULT 1, -- 0 means free play supported
  min_bet_minor INTEGER NOT NULL DEFAULT 0,
  min_line INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  UNIQUE (vassalage, game_id)
);
CREATE INDEX games_by_type ON games (game_type, vassalage, sort_order);
CREATE INDEX games_hot ON games (is_hot) WHERE is_hot = 1;

-- Home banners (groupName m_home, m_youtube, m_video, m_local, m_newgame).
CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  group_name TEXT NOT NULL,
  url TEXT NOT NULL,
  linkage TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0
);

-- Players. username is stored lower-case for uniqueness; account keeps the spelling the player chose.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  username TEXT NOT NULL,
  account TEXT NOT NULL,
  password_hash TEXT,
  type INTEGER NOT NULL DEFAULT 0,       -- 0,1,2 real; 4 guest/trial; 40,41,42 special
  status INTEGER NOT NULL DEFAULT 1,     -- 1 active, 0 disabled
  nickname TEXT NOT NULL DEFAULT '',
  profile TEXT NOT NULL DEFAULT '{}',    -- JSON of the optional registration fields
  first_time_login INTEGER NOT NULL DEFAULT 1,
  register_method TEXT NOT NULL DEFAULT 'H5',
  register_ip TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  last_login_at INTEGER,
  UNIQUE (merchant_code, username)
);

-- Sessions: only the SHA-256 of the bearer token is stored.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  merchant_code TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_by_member ON sessions (member_id);

-- One wallet per member; the CHECK makes a debit that would go negative fail its whole transaction.
CREATE TABLE wallets (
  member_id INTEGER PRIMARY KEY REFERENCES members(id),
  currency TEXT NOT NULL,
  balance_minor INTEGER NOT NULL DEFAULT 0 CHECK (balance_minor >= 0),
  updated_at INTEGER NOT NULL
);

-- Every balance change, written in the same batch (transaction) as the change.
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  amount_minor INTEGER NOT NULL,
  balance_after_minor INTEGER NOT NULL CHECK (balance_after_minor >= 0),
  kind TEXT NOT NULL,                    -- welcome_bonus, trial_credit, bet, win, refund, deposit, withdraw
  reference TEXT NOT NULL DEFAULT '',
  idempotency_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (member_id, idempotency_key)
);

CREATE TABLE favourites (
  member_id INTEGER NOT NULL REFERENCES members(id),
  node_id INTEGER NOT NULL REFERENCES games(node_id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, node_id)
);

CREATE TABLE recent_games (
  member_id INTEGER NOT NULL REFERENCES members(id),
  node_id INTEGER NOT NULL REFERENCES games(node_id),
  launched_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, node_id)
);

-- Captcha challenges: the answer is stored hashed and is single use.
CREATE TABLE captchas (
  id TEXT PRIMARY KEY,
  answer_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Fixed-window counters for rate limits and captcha requirements (bucket names say what they count).
CREATE TABLE rate_limits (
  bucket TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);

-- SMS messages in local development go here instead of a gateway.
CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  country_dialing_code TEXT NOT NULL,
  mobile_num TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Rounds of the built-in demo slot (vendor launch_adapter 'demo').
CREATE TABLE demo_rounds (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  node_id INTEGER NOT NULL REFERENCES games(node_id),
  stake_minor INTEGER NOT NULL,
  win_minor INTEGER NOT NULL,
  reels TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (member_id, idempotency_key)
);
