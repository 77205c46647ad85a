-- Conversations: the inbox (personal messages and per-merchant broadcasts), live-chat conversations and the
-- operator console's own accounts (accounts-and-communication §2 Message centre, §6; platform-contract.md §3).

-- Inbox messages. A personal message names its member; a broadcast ('agents' or 'all') is stored ONCE per
-- merchant and read-tracked per member in inbox_states (never copied per member). message_key makes a send
-- idempotent per merchant: sending the same key again changes nothing. content is sanitised HTML.
CREATE TABLE inbox_messages (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  audience TEXT NOT NULL CHECK (audience IN ('member', 'agents', 'all')),
  member_id INTEGER REFERENCES members(id),
  message_key TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (merchant_code, message_key),
  CHECK ((audience = 'member') = (member_id IS NOT NULL))
);
CREATE INDEX inbox_messages_by_member ON inbox_messages (member_id, created_at) WHERE member_id IS NOT NULL;
CREATE INDEX inbox_messages_broadcasts ON inbox_messages (merchant_code, audience, created_at) WHERE member_id IS NULL;

-- Per member state of a message: read and deleted (hidden from that member only).
CREATE TABLE inbox_states (
  message_id INTEGER NOT NULL REFERENCES inbox_messages(id),
  member_id INTEGER NOT NULL REFERENCES members(id),
  read_at INTEGER,
  deleted_at INTEGER,
  PRIMARY KEY (member_id, message_id)
) WITHOUT ROWID;

-- The welcome message every new member receives, per merchant and language (EN is the fallback; without a
-- row the worker's built-in text is used). Sent in the same batch that creates the member.
CREATE TABLE inbox_templates (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  kind TEXT NOT NULL CHECK (kind IN ('welcome')),
  language TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (merchant_code, kind, language)
);

-- Live-chat conversations: the index the message centre and the console read. The messages themselves live
-- in the conversation's Durable Object (worker/chat/room.ts); it updates this row on every message.
CREATE TABLE chat_conversations (
  id TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id INTEGER NOT NULL REFERENCES members(id),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at INTEGER NOT NULL,
  last_message_at INTEGER NOT NULL,
  last_seq INTEGER NOT NULL DEFAULT 0,
  player_read_seq INTEGER NOT NULL DEFAULT 0,
  agent_read_seq INTEGER NOT NULL DEFAULT 0,
  player_unread INTEGER NOT NULL DEFAULT 0,
  agent_unread INTEGER NOT NULL DEFAULT 0
);
-- At most one open conversation per member.
CREATE UNIQUE INDEX chat_conversations_open ON chat_conversations (member_id) WHERE status = 'open';
CREATE INDEX chat_conversations_by_merchant ON chat_conversations (merchant_code, status, last_message_at);

-- Short-lived, single-use tickets that open a chat WebSocket (a browser cannot send Authorization on one).
CREATE TABLE chat_tickets (
  ticket_hash TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES chat_conversations(id),
  role TEXT NOT NULL CHECK (role IN ('player', 'agent')),
  author_id INTEGER NOT NULL,
  author_name TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- Per-merchant chat settings: an external live-chat product's URL template replaces the built-in service.
CREATE TABLE chat_settings (
  merchant_code TEXT PRIMARY KEY REFERENCES merchants(code),
  external_url_template TEXT
);

-- The operator console's own realm: support agents of one merchant, their sessions and CSRF secrets.
CREATE TABLE console_operators (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  username TEXT NOT NULL,
  display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  UNIQUE (merchant_code, username)
);

CREATE TABLE console_sessions (
  token_hash TEXT PRIMARY KEY,
  operator_id INTEGER NOT NULL REFERENCES console_operators(id),
  csrf_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
