-- Game providers and their seamless wallet (docs/game-providers.md). Money is integer minor units; time is UTC
-- epoch milliseconds.

-- A game provider a site offers: its code, name, launch endpoint, the name of the worker secret holding its HMAC
-- key (never the key), the currencies it plays (JSON array), and whether it is on.
CREATE TABLE game_providers (
  merchant_code TEXT NOT NULL,
  code TEXT NOT NULL CHECK (code GLOB '[a-z0-9]*' AND length(code) BETWEEN 2 AND 32),
  name TEXT NOT NULL,
  launch_url TEXT NOT NULL,
  secret_name TEXT NOT NULL,
  currencies TEXT NOT NULL DEFAULT '[]',
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, code)
);

-- A launch: the one-time launch token handed to the provider (stored as its SHA-256), and the game session it becomes
-- when the provider authenticates it (session_id, which the wallet calls carry). game_kind says how its stakes count
-- towards a bonus's wagering (docs/honest-money.md). Free-play launches never get a wallet session.
CREATE TABLE provider_sessions (
  token_hash TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  provider_code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  game_code TEXT NOT NULL,
  game_kind TEXT NOT NULL,
  currency TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  token_expires_at INTEGER NOT NULL,
  session_id TEXT UNIQUE,
  authenticated_at INTEGER,
  session_expires_at INTEGER
);
CREATE INDEX provider_sessions_by_member ON provider_sessions (member_id, created_at);

-- Every wallet call that moved (or, for a rollback of an unknown debit, marked) money, once per provider transaction
-- id: a repeated call answers this row's result. kind: 'debit' (a bet), 'credit' (a win), 'rollback' (a debit the
-- provider cancelled; ref_transaction_id names it, amount 0 when it was unknown). balance_after_minor: the playable
-- balance (cash + bonus) answered the first time. ledger_key: the ledger entry's idempotency key.
CREATE TABLE provider_transactions (
  merchant_code TEXT NOT NULL,
  provider_code TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
  member_id INTEGER NOT NULL,
  round_id TEXT NOT NULL,
  game_code TEXT NOT NULL DEFAULT '',
  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
  ref_transaction_id TEXT,
  ledger_key TEXT,
  balance_after_minor INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (provider_code, merchant_code, transaction_id)
);
CREATE INDEX provider_transactions_by_round ON provider_transactions (provider_code, merchant_code, round_id);
CREATE INDEX provider_transactions_by_ref ON provider_transactions (provider_code, merchant_code, ref_transaction_id);
CREATE INDEX provider_transactions_by_member ON provider_transactions (member_id, created_at);

-- The protocol's order rules, checked inside the batch that moves the money (so parallel calls cannot race them):
-- a debit already cancelled by a rollback (which came first) is refused; a credit needs a debit of its round that
-- was not rolled back; a rollback cannot cancel a debit whose round already has a credit.
CREATE TRIGGER provider_debit_order BEFORE INSERT ON provider_transactions WHEN NEW.kind = 'debit'
BEGIN
  SELECT RAISE(ABORT, 'provider_transaction_rolled_back') WHERE EXISTS (
    SELECT 1 FROM provider_transactions r WHERE r.provider_code = NEW.provider_code AND r.merchant_code = NEW.merchant_code
      AND r.kind = 'rollback' AND r.ref_transaction_id = NEW.transaction_id);
END;
CREATE TRIGGER provider_credit_order BEFORE INSERT ON provider_transactions WHEN NEW.kind = 'credit'
BEGIN
  SELECT RAISE(ABORT, 'provider_round_not_found') WHERE NOT EXISTS (
    SELECT 1 FROM provider_transactions d WHERE d.provider_code = NEW.provider_code AND d.merchant_code = NEW.merchant_code
      AND d.kind = 'debit' AND d.round_id = NEW.round_id AND d.member_id = NEW.member_id
      AND NOT EXISTS (SELECT 1 FROM provider_transactions r WHERE r.provider_code = d.provider_code AND r.merchant_code = d.merchant_code
        AND r.kind = 'rollback' AND r.ref_transaction_id = d.transaction_id));
END;
CREATE TRIGGER provider_rollback_order BEFORE INSERT ON provider_transactions WHEN NEW.kind = 'rollback' AND NEW.amount_minor > 0
BEGIN
  SELECT RAISE(ABORT, 'provider_round_settled') WHERE EXISTS (
    SELECT 1 FROM provider_transactions c WHERE c.provider_code = NEW.provider_code AND c.merchant_code = NEW.merchant_code
      AND c.kind = 'credit' AND c.round_id = NEW.round_id);
  SELECT RAISE(ABORT, 'provider_transaction_rolled_back') WHERE EXISTS (
    SELECT 1 FROM provider_transactions r WHERE r.provider_code = NEW.provider_code AND r.merchant_code = NEW.merchant_code
      AND r.kind = 'rollback' AND r.ref_transaction_id = NEW.ref_transaction_id);
END;

-- Which of a site's providers launches a vendor's games there (the vendor's games belong to that provider on the
-- site). A vendor without a row keeps its own launch adapter (vendors.launch_adapter: the built-in demo games or the
-- lottery).
CREATE TABLE provider_vendors (
  merchant_code TEXT NOT NULL,
  vassalage TEXT NOT NULL,
  provider_code TEXT NOT NULL,
  PRIMARY KEY (merchant_code, vassalage)
);
