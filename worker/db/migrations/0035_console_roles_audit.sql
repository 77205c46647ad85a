-- The operator console's safety foundation (docs/back-office.md): roles, per-site scope, two-factor sign-in,
-- idle session expiry, and the append-only audit log.

-- Role of an operator: owner, admin, finance, support or content. Accounts made before roles existed are support
-- agents of their merchant.
ALTER TABLE console_operators ADD COLUMN role TEXT NOT NULL DEFAULT 'support';
-- TOTP (RFC 6238, 30 s, 6 digits, SHA-1): the base32 secret, written by the enrolment and never returned after it;
-- totp_enabled_at is set once the first code confirmed the enrolment (docs/back-office.md).
ALTER TABLE console_operators ADD COLUMN totp_secret TEXT;
ALTER TABLE console_operators ADD COLUMN totp_enabled_at INTEGER;
-- The last 30-second step a code was accepted for: a code of that step or an earlier one is refused (replay).
ALTER TABLE console_operators ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;

-- The sites (merchants) an operator may see and act on. The operator's own merchant is always one of them.
CREATE TABLE console_operator_sites (
  operator_id INTEGER NOT NULL REFERENCES console_operators(id),
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  PRIMARY KEY (operator_id, merchant_code)
);
INSERT INTO console_operator_sites (operator_id, merchant_code) SELECT id, merchant_code FROM console_operators;
CREATE TRIGGER console_operator_own_site AFTER INSERT ON console_operators
BEGIN INSERT OR IGNORE INTO console_operator_sites (operator_id, merchant_code) VALUES (NEW.id, NEW.merchant_code); END;

-- One-time recovery codes (SHA-256 of the code; used_at set once it is spent).
CREATE TABLE console_recovery_codes (
  operator_id INTEGER NOT NULL REFERENCES console_operators(id),
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (operator_id, code_hash)
);

-- Sessions: the last request (idle timeout), the address key they were opened from (familiar addresses pass the
-- per-account sign-in throttle), and whether the session may only enrol a second factor.
ALTER TABLE console_sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE console_sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE console_sessions ADD COLUMN enrol_only INTEGER NOT NULL DEFAULT 0;
UPDATE console_sessions SET last_seen_at = created_at;
CREATE INDEX console_sessions_operator ON console_sessions (operator_id, address);

-- The audit log: every change an operator makes. Append-only: the triggers refuse UPDATE and DELETE.
CREATE TABLE console_audit (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  merchant_code TEXT NOT NULL,
  operator_id INTEGER,
  operator TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL DEFAULT '',
  before_json TEXT,
  after_json TEXT,
  reason TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT ''
);
CREATE INDEX console_audit_site_time ON console_audit (merchant_code, at);
CREATE INDEX console_audit_operator_time ON console_audit (merchant_code, operator, at);
CREATE INDEX console_audit_action_time ON console_audit (merchant_code, action, at);
CREATE TRIGGER console_audit_no_update BEFORE UPDATE ON console_audit
BEGIN SELECT RAISE(ABORT, 'console_audit is append-only'); END;
CREATE TRIGGER console_audit_no_delete BEFORE DELETE ON console_audit
BEGIN SELECT RAISE(ABORT, 'console_audit is append-only'); END;
