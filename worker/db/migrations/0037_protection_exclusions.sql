-- Time-outs ("take a break") and self-exclusion, RTS 14 (docs/player-protection.md "Time-out and self-exclusion").
-- Keyed by (merchant_code, member_id) with no foreign key on members, like 0033: members.id in built-in mode, the
-- platform's member id in upstream mode. Time is UTC epoch milliseconds.

-- One break or self-exclusion. kind: 'break' (24 hours, 7 days, 30 days, up to 6 weeks) or 'self_exclusion'
-- (6 months, 1, 2 or 5 years, or permanent: ends_at NULL). Rows are never shortened or deleted: a longer one is a
-- new row, and the member is blocked until the latest end of them all. set_by: 'player' (on the responsible-gambling
-- page) or 'operator' (on the player's request; operator names who, reason says why). After a self-exclusion's end
-- the account stays closed until the player asks to reopen it (reopen_requested_at) and 24 hours have passed.
CREATE TABLE protection_exclusions (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('break', 'self_exclusion')),
  started_at INTEGER NOT NULL,
  ends_at INTEGER CHECK (ends_at IS NULL OR ends_at > started_at),
  set_by TEXT NOT NULL CHECK (set_by IN ('player', 'operator')),
  operator TEXT,
  reason TEXT NOT NULL DEFAULT '',
  reopen_requested_at INTEGER,
  CHECK (kind = 'self_exclusion' OR ends_at IS NOT NULL)
);
CREATE INDEX protection_exclusions_by_member ON protection_exclusions (member_id, merchant_code, started_at);
