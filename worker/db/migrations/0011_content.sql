-- The operator's content per merchant (accounts-and-communication §2, §3; platform-contract.md §2, §3):
-- announcements (banners, notices, popups, promotions), help centre, promotion applications, feedback and agent
-- contract offers. Rich HTML is stored already sanitised (worker/services/rich-text.ts) and sanitised again on the
-- way out. Time is UTC epoch milliseconds.

-- One announcement. `slug` is the operator's stable key (file name on import), so a re-import updates in place.
-- type: A (notice), PL (player notice), B (banner), PU (popup), PR (promotion). execution: A members, B guests,
-- F first login. linkage_type: '' none, P promotion id, URL a link, G a game (linkage = JSON {roomId,nodeId,gameType,vendor}).
CREATE TABLE announcements (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  slug TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('A', 'PL', 'B', 'PU', 'PR')),
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  execution TEXT NOT NULL DEFAULT 'A' CHECK (execution IN ('A', 'B', 'F')),
  group_name TEXT NOT NULL DEFAULT '',
  promotion_type TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL DEFAULT '',
  linkage_type TEXT NOT NULL DEFAULT '' CHECK (linkage_type IN ('', 'P', 'URL', 'G')),
  linkage TEXT NOT NULL DEFAULT '',
  applicable INTEGER NOT NULL DEFAULT 0,          -- promotions: members may apply (remark + images)
  start_date INTEGER NOT NULL,
  end_date INTEGER,
  sort_order INTEGER NOT NULL DEFAULT 0,
  published INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL,
  UNIQUE (merchant_code, slug)
);
CREATE INDEX announcements_list ON announcements (merchant_code, published, type, sort_order);

-- Images of an announcement in display order (`sequence`; promotion cards show sequence 2).
CREATE TABLE announcement_images (
  announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  sequence INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (announcement_id, sequence)
);

-- Read state per member (accounts §4 Marking read).
CREATE TABLE announcement_reads (
  announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members(id),
  read_at INTEGER NOT NULL,
  PRIMARY KEY (announcement_id, member_id)
);

-- Help centre per merchant and language; children point at their section (parent_id).
CREATE TABLE help_entries (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  language TEXT NOT NULL,
  slug TEXT NOT NULL,
  parent_id INTEGER REFERENCES help_entries(id) ON DELETE CASCADE,
  tag TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,
  published INTEGER NOT NULL DEFAULT 1,
  UNIQUE (merchant_code, language, slug)
);

-- A member's application to a promotion: remark (≤ 140) and up to 3 image keys in the media bucket (JSON array).
CREATE TABLE promotion_applications (
  id INTEGER PRIMARY KEY,
  announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members(id),
  remark TEXT NOT NULL DEFAULT '',
  image_keys TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'applying'
    CHECK (status IN ('applying', 'rejected', 'issued', 'claimed', 'process', 'joined')),
  created_at INTEGER NOT NULL,
  UNIQUE (announcement_id, member_id)
);

-- Feedback (accounts §3): question type 0,1,2,3,4,6; content 20–200 characters.
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id INTEGER REFERENCES members(id),
  sender TEXT NOT NULL,
  type INTEGER NOT NULL CHECK (type IN (0, 1, 2, 3, 4, 6)),
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX feedback_by_merchant ON feedback (merchant_code, id);

-- Agent contract offers (accounts §6): kind daily (daily salary), dividend, hourly (hourly salary), realtime.
CREATE TABLE agent_contract_offers (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id INTEGER NOT NULL REFERENCES members(id),
  kind TEXT NOT NULL CHECK (kind IN ('daily', 'dividend', 'hourly', 'realtime')),
  slug TEXT NOT NULL,
  terms TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  UNIQUE (merchant_code, slug)
);
CREATE INDEX agent_contract_offers_member ON agent_contract_offers (member_id, status);

-- Branding per merchant (site name, colours, logo, favicon, app name, footer) as JSON; read by the edge.
ALTER TABLE merchants ADD COLUMN branding TEXT NOT NULL DEFAULT '{}';
