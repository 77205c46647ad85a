-- Wallet and payments (issue 13): deposits through a payment provider, withdrawals with a hold, the member's
-- payment password (members.profile.paymentPasswordHash, as registration stores it) and payee details. Money is integer minor units; time is UTC epoch milliseconds.

-- A site's payment methods. provider 'demo' = the built-in hosted payment page; 'http' = a real payment
-- service provider (PSP) reached at endpoint_url, whose HMAC secret is the worker secret named by secret_name.
CREATE TABLE payment_methods (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  method_code TEXT NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('demo', 'http')),
  display_name TEXT NOT NULL,
  min_minor INTEGER NOT NULL CHECK (min_minor > 0),
  max_minor INTEGER NOT NULL,
  endpoint_url TEXT NOT NULL DEFAULT '',
  account_id TEXT NOT NULL DEFAULT '',
  secret_name TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  CHECK (max_minor >= min_minor),
  PRIMARY KEY (merchant_code, method_code)
);

-- Withdrawal limits and the payout method of a site (one row per merchant; none = withdrawals off).
CREATE TABLE withdraw_settings (
  merchant_code TEXT PRIMARY KEY REFERENCES merchants(code),
  payout_method TEXT NOT NULL,
  min_minor INTEGER NOT NULL CHECK (min_minor > 0),
  max_minor INTEGER NOT NULL,
  CHECK (max_minor >= min_minor)
);

-- A deposit order. status: pending → credited | expired | failed. A 'paid' notice credits it once, even late.
-- provider_txn_id is the provider's transaction id, unique per provider: a second notice with it is a replay.
CREATE TABLE deposits (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members(id),
  method_code TEXT NOT NULL,
  provider TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'expired', 'failed')),
  pay_token_hash TEXT NOT NULL UNIQUE,
  provider_txn_id TEXT,
  idempotency_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  credited_at INTEGER,
  UNIQUE (member_id, idempotency_key),
  UNIQUE (provider, provider_txn_id)
);
CREATE INDEX deposits_by_member ON deposits (member_id, created_at);
CREATE INDEX deposits_pending ON deposits (status, expires_at) WHERE status = 'pending';

-- A withdrawal request. status: pending (amount on hold) → approved (operator) → paid | failed (payout), or
-- pending → rejected (hold released). The hold is a ledger debit; a release is its ledger credit.
CREATE TABLE withdrawals (
  id INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members(id),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL,
  payee_name TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  account_number TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'paid', 'rejected', 'failed')),
  reason TEXT NOT NULL DEFAULT '',
  provider TEXT,
  provider_txn_id TEXT,
  idempotency_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  paid_at INTEGER,
  released_at INTEGER,                   -- when a rejected or failed request's hold was given back
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX withdrawals_by_member ON withdrawals (member_id, created_at);
CREATE INDEX withdrawals_by_status ON withdrawals (status);
