-- An e-mail address is bound to an account (members.profile $.email: shown on the security page, used by the
-- password reset by e-mail) only once a link sent to it has been opened, as a phone number is bound only once an
-- SMS code proves it (0009_mobile_proof.sql). Until then the address waits here, with the single-use link's token
-- (hash only, 24 hours); the address bound before stays bound until the new one is confirmed.
CREATE TABLE email_confirmations (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  merchant_code TEXT NOT NULL,
  address TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX email_confirmations_by_member ON email_confirmations (member_id, used_at);
