-- Player protection in upstream mode (docs/player-protection.md "Upstream mode"): the edge's own record of the
-- platform's sessions and of the deposits and lottery bets it forwarded. Keyed by (merchant_code, member_id) with
-- member_id the PLATFORM's member id (from its log-in answer or its member-info call, never from the browser), like
-- the protection tables of 0033, 0036 and 0037. Time is UTC epoch milliseconds.

-- One platform session as the edge saw it. token_hash: SHA-256 of the platform's token (the token itself is never
-- stored). started_at: its log-in through the edge (or the first time the edge identified the token), the start of
-- the session time limit and of the reality checks; reality_check_acked_at: the last "continue". identified_at: when
-- the platform last confirmed the token's member (the identity is asked again after a few minutes). ended_at and
-- end_reason ('logout', 'session_time_limit', 'excluded'): the session ended at the edge.
CREATE TABLE upstream_sessions (
  token_hash TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  member_type INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  identified_at INTEGER NOT NULL,
  reality_check_acked_at INTEGER,
  ended_at INTEGER,
  end_reason TEXT CHECK (end_reason IS NULL OR end_reason IN ('logout', 'session_time_limit', 'excluded'))
);
CREATE INDEX upstream_sessions_by_member ON upstream_sessions (member_id, merchant_code);

-- A deposit or lottery bet the edge forwarded to the platform (amount_minor: integer minor units). status: 'pending'
-- from the moment it is let through until the platform answers, 'accepted' when the platform took it; a call the
-- platform refused is deleted (it moved no money); one whose answer was lost stays 'pending' and keeps counting.
-- idempotency_key: the browser's Idempotency-Key, so a retried call is counted once.
CREATE TABLE upstream_movements (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'bet')),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  path TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted')),
  idempotency_key TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX upstream_movements_by_member_time ON upstream_movements (member_id, merchant_code, kind, created_at);
CREATE UNIQUE INDEX upstream_movements_by_key ON upstream_movements (merchant_code, member_id, kind, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
