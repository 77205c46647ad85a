-- Reports (docs/back-office.md "Reports"): the figures of a site per UTC day, read by the back office. Money is
-- integer minor units; time is UTC epoch milliseconds; a day is 'YYYY-MM-DD' (UTC).

-- The raw figures of one day read only that day's rows: the time indexes the raw queries need.
CREATE INDEX ledger_entries_by_time ON ledger_entries (created_at);
CREATE INDEX members_by_site_time ON members (merchant_code, created_at);
CREATE INDEX deposits_credited ON deposits (credited_at) WHERE status = 'credited';
CREATE INDEX deposits_credited_by_member ON deposits (member_id, credited_at) WHERE status = 'credited';
CREATE INDEX withdrawals_paid ON withdrawals (paid_at) WHERE status = 'paid';
CREATE INDEX lottery_orders_by_time ON lottery_orders (created_at);
CREATE INDEX lottery_sub_orders_closed ON lottery_sub_orders (closed_at) WHERE status IN ('won', 'cancelled');

-- One site's figures of one closed day, written by the scheduled work once the day is over (a row per day, zeros
-- included, so the newest row says how far the days are done). Bets and wins count cash and bonus parts; bets are
-- net of refunds. bonus_cost_minor: rewards credited (cash or bonus money) less bonus money forfeited.
CREATE TABLE report_daily (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  day TEXT NOT NULL,
  registrations INTEGER NOT NULL,
  first_depositors INTEGER NOT NULL,
  deposit_count INTEGER NOT NULL,
  deposit_minor INTEGER NOT NULL,
  withdrawal_count INTEGER NOT NULL,
  withdrawal_minor INTEGER NOT NULL,
  bet_minor INTEGER NOT NULL,
  win_minor INTEGER NOT NULL,
  bonus_cost_minor INTEGER NOT NULL,
  active_players INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, day)
);

-- One site's game figures of one closed day per game kind (slot, table, crash, shooter, lottery) and vendor.
CREATE TABLE report_daily_games (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  day TEXT NOT NULL,
  game_kind TEXT NOT NULL,
  vendor TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  bet_minor INTEGER NOT NULL,
  win_minor INTEGER NOT NULL,
  players INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, day, game_kind, vendor)
);
