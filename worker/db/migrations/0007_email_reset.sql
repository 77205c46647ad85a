-- Forgot password by e-mail (platform-contract.md §3 POST /wps/member/password/email; the accounts area).
-- The local e-mail outbox (like sms_outbox: local development and demos; a real mailer replaces it through
-- the provider seam in worker/services/mail-provider.ts), and the single-use reset tokens (hash only, 30 minutes).
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE password_reset_tokens (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  merchant_code TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX password_reset_tokens_member ON password_reset_tokens (member_id);
