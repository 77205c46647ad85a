-- Previews of the operator's content (docs/back-office.md "Content"): the back office asks for one, the site's page
-- shows the item as saved (published or not, in or out of its schedule) to whoever opens the address before it
-- expires. Only the SHA-256 hash of the token is kept. kind: 'announcement' (target: its id) or 'help' (target: its
-- slug). Times are epoch ms; expired rows are cleared when the next preview is made.
CREATE TABLE content_previews (
  token_hash TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  kind TEXT NOT NULL CHECK (kind IN ('announcement', 'help')),
  target TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX content_previews_expiry ON content_previews (expires_at);
