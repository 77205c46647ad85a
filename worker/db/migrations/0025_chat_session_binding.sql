-- Live chat bound to the session that opened it (docs/security.md; worker/services/chat/room.ts): a chat ticket
-- names the hash of the player's session (sessions.token_hash) or the agent's console session
-- (console_sessions.token_hash) that asked for it; the conversation's room checks that session on every frame and
-- closes the sockets of ended sessions. Tickets issued before this migration carry '' and open nothing.
ALTER TABLE chat_tickets ADD COLUMN session_hash TEXT NOT NULL DEFAULT '';

-- The external live chat's tickets (docs/operator-guide.md, "Conversations", operator command chat-url): what the `{ticket}` of the
-- merchant's URL template carries instead of the session token. Stored by hash; single use and 120 s; the external
-- chat's server exchanges one for the member's identity at POST /wps/playdeck/chat/external/verify.
CREATE TABLE external_chat_tickets (
  ticket_hash TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id INTEGER NOT NULL REFERENCES members(id),
  session_hash TEXT NOT NULL,
  language TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX external_chat_tickets_expiry ON external_chat_tickets (expires_at);
