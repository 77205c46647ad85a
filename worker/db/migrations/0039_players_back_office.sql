-- The back office's Players area (docs/back-office.md "Players"): the log-in history with addresses and devices,
-- operators' notes on a player, manual balance adjustments (two-person approval above the site's threshold) and
-- the indexes the player search uses. Money is integer minor units; time is UTC epoch milliseconds.

-- Every log-in: one row per session opened (password, SMS, Firebase, social, remembered, registration, trial, a
-- password set by phone), written in the same batch as the session. address: the client IP as the worker saw it
-- (worker/middleware/client-ip.ts); device: the `Device` header (IPAD, PWA, WEBCLIP, OTHERS) or ''; user_agent: the
-- User-Agent, at most 300 characters.
CREATE TABLE member_logins (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  merchant_code TEXT NOT NULL,
  at INTEGER NOT NULL,
  method TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT ''
);
CREATE INDEX member_logins_by_member ON member_logins (member_id, at);
CREATE INDEX member_logins_by_address ON member_logins (merchant_code, address);

-- The player search (by address, e-mail and phone) on one site.
CREATE INDEX members_by_register_ip ON members (merchant_code, register_ip);
CREATE INDEX members_by_email ON members (merchant_code, lower(json_extract(profile, '$.email')));

-- Operators' notes on a player: append-only like the audit log (each note is also an audit row).
CREATE TABLE player_notes (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id INTEGER NOT NULL REFERENCES members(id),
  operator_id INTEGER,
  operator TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX player_notes_by_member ON player_notes (member_id, id);
CREATE TRIGGER player_notes_no_update BEFORE UPDATE ON player_notes
BEGIN SELECT RAISE(ABORT, 'player_notes is append-only'); END;
CREATE TRIGGER player_notes_no_delete BEFORE DELETE ON player_notes
BEGIN SELECT RAISE(ABORT, 'player_notes is append-only'); END;

-- A site's threshold of manual balance adjustments: an adjustment of more than this (either way) is only a request
-- until a second operator approves it. No row: 1000.00 (worker/services/players/adjustments.ts).
CREATE TABLE adjustment_settings (
  merchant_code TEXT PRIMARY KEY REFERENCES merchants(code),
  approval_threshold_minor INTEGER NOT NULL CHECK (approval_threshold_minor >= 0),
  updated_at INTEGER NOT NULL
);

-- Manual balance adjustments: a signed amount of the cash or the bonus balance, with the requester's reason.
-- 'applied' rows have their ledger entry (kind 'adjustment', key 'adjustment:' || request_key) written in the same
-- batch as the row's last change; 'pending' ones wait for a second operator; 'rejected' ones never move money.
-- request_key makes a retried request change nothing twice. A decided row never changes again (trigger), and the
-- requester can never be the approver (trigger).
CREATE TABLE balance_adjustments (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id INTEGER NOT NULL REFERENCES members(id),
  balance TEXT NOT NULL CHECK (balance IN ('cash', 'bonus')),
  amount_minor INTEGER NOT NULL CHECK (amount_minor <> 0),
  reason TEXT NOT NULL,
  request_key TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'applied', 'rejected')),
  requested_by INTEGER,
  requested_by_name TEXT NOT NULL,
  requested_at INTEGER NOT NULL,
  decided_by INTEGER,
  decided_by_name TEXT,
  decided_at INTEGER,
  decision_reason TEXT NOT NULL DEFAULT '',
  UNIQUE (merchant_code, request_key),
  CHECK (status = 'pending' OR decided_at IS NOT NULL)
);
CREATE INDEX balance_adjustments_by_site ON balance_adjustments (merchant_code, status, id);
CREATE INDEX balance_adjustments_by_member ON balance_adjustments (member_id, id);
CREATE TRIGGER balance_adjustments_decided_once BEFORE UPDATE ON balance_adjustments
WHEN OLD.status <> 'pending'
BEGIN SELECT RAISE(ABORT, 'balance adjustment already decided'); END;
CREATE TRIGGER balance_adjustments_second_operator BEFORE UPDATE ON balance_adjustments
WHEN NEW.status = 'applied' AND NEW.decided_by IS OLD.requested_by
BEGIN SELECT RAISE(ABORT, 'balance adjustment approved by its requester'); END;
CREATE TRIGGER balance_adjustments_no_delete BEFORE DELETE ON balance_adjustments
BEGIN SELECT RAISE(ABORT, 'balance_adjustments keeps every request'); END;

-- A player's page shows the audit rows of that player (target 'player:<id>').
CREATE INDEX console_audit_site_target ON console_audit (merchant_code, target, id);
