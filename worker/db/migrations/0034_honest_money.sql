-- Honest money (issue 25, docs/honest-money.md): bonus money as a balance of its own with a wagering requirement,
-- the site's bonus rules, the age check at registration and the built-in jackpot pool. Money is integer minor
-- units; time is UTC epoch milliseconds.

-- The bonus balance beside the cash balance (balance_minor), and its wagering: wager_required_minor is what the
-- member must still stake in total (weighted by game kind) before the bonus converts to cash; wager_done_minor
-- what they have staked towards it. Both are reset when the bonus is converted, forfeited or spent.
ALTER TABLE wallets ADD COLUMN bonus_minor INTEGER NOT NULL DEFAULT 0 CHECK (bonus_minor >= 0);
ALTER TABLE wallets ADD COLUMN wager_required_minor INTEGER NOT NULL DEFAULT 0 CHECK (wager_required_minor >= 0);
ALTER TABLE wallets ADD COLUMN wager_done_minor INTEGER NOT NULL DEFAULT 0 CHECK (wager_done_minor >= 0);

-- Each ledger entry moves the cash balance (amount_minor, balance_after_minor, as before) and/or the bonus
-- balance (bonus_amount_minor, bonus_after_minor): wallet.bonus_minor = Σ bonus_amount_minor, never negative.
ALTER TABLE ledger_entries ADD COLUMN bonus_amount_minor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ledger_entries ADD COLUMN bonus_after_minor INTEGER NOT NULL DEFAULT 0 CHECK (bonus_after_minor >= 0);

-- A site's bonus rules. No row = the defaults of worker/services/wallet/bonus-rules.ts (welcome bonus and
-- promotion rewards are bonus money with 30× wagering; sign-in and invitation rewards are cash).
CREATE TABLE bonus_rules (
  merchant_code TEXT PRIMARY KEY REFERENCES merchants(code),
  welcome TEXT NOT NULL DEFAULT 'bonus' CHECK (welcome IN ('bonus', 'cash')),
  sign_in TEXT NOT NULL DEFAULT 'cash' CHECK (sign_in IN ('bonus', 'cash')),
  referral TEXT NOT NULL DEFAULT 'cash' CHECK (referral IN ('bonus', 'cash')),
  promotion TEXT NOT NULL DEFAULT 'bonus' CHECK (promotion IN ('bonus', 'cash')),
  wagering_multiplier INTEGER NOT NULL DEFAULT 30 CHECK (wagering_multiplier BETWEEN 0 AND 100),
  contributions TEXT NOT NULL DEFAULT '{}',             -- JSON { kind: percent 0..100 } over the defaults
  jackpot_share_permille INTEGER NOT NULL DEFAULT 10 CHECK (jackpot_share_permille BETWEEN 0 AND 100),
  requires_dob INTEGER NOT NULL DEFAULT 0 CHECK (requires_dob IN (0, 1)),
  legal_age INTEGER NOT NULL DEFAULT 18 CHECK (legal_age BETWEEN 16 and 25)
);

-- The built-in jackpot pool of a site: funded by a share of each built-in demo game's stake (taken out of the
-- stake, so the member pays nothing extra), each contribution once (jackpot_contributions, keyed by the bet's
-- ledger key). pool_minor = Σ contributions.
CREATE TABLE jackpot_pools (
  merchant_code TEXT PRIMARY KEY REFERENCES merchants(code),
  pool_minor INTEGER NOT NULL DEFAULT 0 CHECK (pool_minor >= 0),
  updated_at INTEGER NOT NULL
);
CREATE TABLE jackpot_contributions (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  idempotency_key TEXT NOT NULL,                        -- the bet's ledger key
  member_id INTEGER NOT NULL REFERENCES members(id),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, idempotency_key)
);
