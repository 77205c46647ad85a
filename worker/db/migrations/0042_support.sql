-- Support in the back office (docs/back-office.md "Support"): who a conversation is assigned to, and the site's
-- canned answers.

-- The operator a conversation is assigned to (NULL: nobody) and since when (epoch ms). Every change is in the audit
-- log (`chat.assign`).
ALTER TABLE chat_conversations ADD COLUMN assigned_operator_id INTEGER REFERENCES console_operators(id);
ALTER TABLE chat_conversations ADD COLUMN assigned_at INTEGER;
CREATE INDEX chat_conversations_assigned ON chat_conversations (merchant_code, assigned_operator_id, status);

-- Canned answers: ready texts an agent puts into the answer box, per site. Plain text (the chat is text only).
-- Created, edited and deleted by agents; every change is in the audit log (`chat.canned.*`).
CREATE TABLE chat_canned_answers (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX chat_canned_answers_site ON chat_canned_answers (merchant_code, title);
