-- Player protection, financial limits and the session time limit (docs/player-protection.md). Money is integer
-- minor units; time is UTC epoch milliseconds. The settings are keyed by (merchant_code, member_id) with no foreign
-- key on members: in built-in mode member_id is members.id, and the same rows can later hold the platform's member
-- id in upstream mode.

-- One limit a player set. kind: 'deposit' (gross deposits), 'loss' (bets - wins - refunds), 'wager' (bets -
-- refunds), each per period 'day' (24 hours), 'week' (7 days) or 'month' (30 days), rolling; or 'session' with
-- period 'session' (the session time limit, limit_value in minutes). limit_value is the limit in force. A pending
-- increase or removal waits in pending_*: pending_value NULL with pending_requested_at set is a removal; it takes
-- effect only when the player confirms it at or after pending_confirmable_at (24 hours of cooling-off).
CREATE TABLE protection_limits (
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
  limit_value INTEGER NOT NULL CHECK (limit_value > 0),
  pending_value INTEGER CHECK (pending_value IS NULL OR pending_value > 0),
  pending_requested_at INTEGER,
  pending_confirmable_at INTEGER,
  updated_at INTEGER NOT NULL,
  CHECK ((kind = 'session') = (period = 'session')),
  PRIMARY KEY (member_id, kind, period, merchant_code)
);

-- Every change of a limit, for the operator's view (npm run operator -- limits). action: 'set' (a new limit or a
-- decrease, in force at once), 'increase_requested', 'removal_requested', 'confirmed' (a pending increase or
-- removal took effect), 'cancelled' (a pending change dropped by a decrease). old_value/new_value: NULL = none.
CREATE TABLE protection_limit_history (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  period TEXT NOT NULL,
  action TEXT NOT NULL,
  old_value INTEGER,
  new_value INTEGER,
  at INTEGER NOT NULL
);
CREATE INDEX protection_limit_history_by_member ON protection_limit_history (member_id, merchant_code, at);

-- The first-deposit prompt to set a deposit limit: when the player answered it ("not now", or a limit set).
CREATE TABLE protection_prompts (
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  deposit_limit_answered_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, merchant_code)
);

-- The limit guard: the money paths insert one row into this table in the same D1 batch (transaction) as the
-- movement, with `over` computed from the limits and the movements already in the batch
-- (worker/db/queries/protection-guard.ts). Nothing is ever stored: an over-limit row aborts the whole batch with
-- 'protection_limit_exceeded', any other row is dropped.
CREATE TABLE protection_guard (
  member_id INTEGER NOT NULL,
  over INTEGER NOT NULL
);
CREATE TRIGGER protection_guard_check BEFORE INSERT ON protection_guard
BEGIN
  SELECT CASE WHEN NEW.over <> 0 THEN RAISE(ABORT, 'protection_limit_exceeded') ELSE RAISE(IGNORE) END;
END;

-- The windows sum a member's ledger entries and deposits by time.
CREATE INDEX ledger_entries_by_member_time ON ledger_entries (member_id, created_at);
