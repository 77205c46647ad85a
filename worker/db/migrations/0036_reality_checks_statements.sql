-- Player protection: reality checks (RTS 13), activity statements and the responsible-gambling page's help
-- organisations (docs/player-protection.md "Reality checks", "Statements", "Responsible gambling page"). Time is
-- UTC epoch milliseconds. Keyed by (merchant_code, member_id) with no foreign key on members, like 0033.

-- A site's protection settings. reality_check_default: the interval in minutes a player has until they choose one
-- (0 = off, 15, 30, 60); reality_check_off_allowed: whether a player may choose "off" (1) or not (0); help_links:
-- JSON array of { "name", "url" } (https only), the help organisations of the site's country (operator content).
-- A site without a row reads the defaults: 60 minutes, "off" not allowed, no links.
CREATE TABLE protection_site_settings (
  merchant_code TEXT PRIMARY KEY,
  reality_check_default INTEGER NOT NULL DEFAULT 60 CHECK (reality_check_default IN (0, 15, 30, 60)),
  reality_check_off_allowed INTEGER NOT NULL DEFAULT 0 CHECK (reality_check_off_allowed IN (0, 1)),
  help_links TEXT NOT NULL DEFAULT '[]',
  updated_at INTEGER NOT NULL
);

-- The reality check interval a player chose (minutes; 0 = off) and when the statement was last reviewed
-- (statement_viewed_month 'YYYY-MM', UTC; the member centre asks for a review once per calendar month).
CREATE TABLE protection_player_settings (
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  reality_check_minutes INTEGER CHECK (reality_check_minutes IS NULL OR reality_check_minutes IN (0, 15, 30, 60)),
  statement_viewed_month TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, merchant_code)
);

-- When the player last answered a reality check of this session with "continue": the next check is one interval
-- after it (after the session's start before the first answer). Kept on the session, so reloading a page never
-- restarts the clock.
ALTER TABLE sessions ADD COLUMN reality_check_acked_at INTEGER;
