-- The built-in lottery: per-game draw schedules and odds, draws committed in advance, orders and their bets.
-- Money is integer minor units; time is UTC epoch milliseconds (see worker/services/lottery/*.ts for the rules).

-- Lottery configuration of a LOTT/ELOTT game. Draws fall on the grid offset_ms + k × interval_ms; the interval
-- divides a day so issue numbers (YYYYMMDD-NNNN) restart every UTC day.
CREATE TABLE lottery_games (
  node_id INTEGER PRIMARY KEY REFERENCES games(node_id),
  interval_ms INTEGER NOT NULL CHECK (interval_ms >= 30000 AND 86400000 % interval_ms = 0),
  offset_ms INTEGER NOT NULL DEFAULT 0 CHECK (offset_ms >= 0 AND offset_ms < interval_ms),
  close_before_ms INTEGER NOT NULL CHECK (close_before_ms > 0 AND close_before_ms < interval_ms),
  max_stake_minor INTEGER NOT NULL CHECK (max_stake_minor > 0),
  max_payout_minor INTEGER NOT NULL CHECK (max_payout_minor > 0),
  odds TEXT NOT NULL,                      -- JSON { prizeMode: { oddsLine: oddsMilli } }, 1980 = pays 1.98 x stake
  enabled INTEGER NOT NULL DEFAULT 1
);

-- One draw of one game, created lazily (when first seen or bet on) or ahead by the cron. The secret is 32 random
-- bytes (hex) and is only ever served after draw_at; the commitment SHA-256(secret) is public from creation.
CREATE TABLE lottery_draws (
  id INTEGER PRIMARY KEY,
  node_id INTEGER NOT NULL REFERENCES games(node_id),
  issue_no TEXT NOT NULL,
  open_at INTEGER NOT NULL,
  close_at INTEGER NOT NULL,
  draw_at INTEGER NOT NULL,
  secret TEXT NOT NULL,
  commitment TEXT NOT NULL,
  result TEXT,                             -- five digits, e.g. '07319', written when the draw is revealed
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawing', 'settled')),
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  UNIQUE (node_id, issue_no)
);
CREATE INDEX lottery_draws_due ON lottery_draws (draw_at) WHERE status <> 'settled';
CREATE INDEX lottery_draws_by_game ON lottery_draws (node_id, draw_at);
CREATE INDEX lottery_draws_by_time ON lottery_draws (draw_at);

-- An order: one or more bets (sub-orders) on one draw, paid for by one ledger debit in the same batch.
CREATE TABLE lottery_orders (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  merchant_code TEXT NOT NULL,
  node_id INTEGER NOT NULL REFERENCES games(node_id),
  draw_id INTEGER NOT NULL REFERENCES lottery_draws(id),
  issue_no TEXT NOT NULL,
  prize_mode TEXT NOT NULL CHECK (prize_mode IN ('LOTT', 'ELOTT', 'SEA')),
  total_stake_minor INTEGER NOT NULL CHECK (total_stake_minor > 0),
  payout_minor INTEGER NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  refund_minor INTEGER NOT NULL DEFAULT 0 CHECK (refund_minor >= 0),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,              -- SHA-256 of the normalised request: a reused key must repeat it
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX lottery_orders_by_member ON lottery_orders (member_id, created_at);
CREATE INDEX lottery_orders_by_draw ON lottery_orders (draw_id);
CREATE INDEX lottery_orders_newest_wins ON lottery_orders (merchant_code, settled_at) WHERE payout_minor > 0;
CREATE INDEX lottery_orders_biggest_wins ON lottery_orders (merchant_code, payout_minor) WHERE payout_minor > 0;

-- One bet of an order, with the odds locked in when it was placed.
CREATE TABLE lottery_sub_orders (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES lottery_orders(id),
  draw_id INTEGER NOT NULL REFERENCES lottery_draws(id),
  member_id INTEGER NOT NULL REFERENCES members(id),
  bet_type TEXT NOT NULL,
  selection TEXT NOT NULL,                 -- JSON with a fixed key order
  stake_minor INTEGER NOT NULL CHECK (stake_minor > 0),
  odds_milli INTEGER NOT NULL CHECK (odds_milli > 1000),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'cancelled')),
  payout_minor INTEGER NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  closed_at INTEGER                        -- when it was settled or cancelled
);
CREATE INDEX lottery_sub_orders_open ON lottery_sub_orders (draw_id, id) WHERE status = 'open';
CREATE INDEX lottery_sub_orders_by_order ON lottery_sub_orders (order_id);

-- The database itself refuses an order once its draw stopped taking bets (closed by time, or revealed by the
-- settlement runner), so an order whose batch commits late can never slip past a settlement already under way.
CREATE TRIGGER lottery_orders_only_while_open BEFORE INSERT ON lottery_orders
WHEN NOT EXISTS (
  SELECT 1 FROM lottery_draws d WHERE d.id = NEW.draw_id AND d.status = 'open' AND d.close_at > NEW.created_at
)
BEGIN
  SELECT RAISE(ABORT, 'lottery_draw_closed');
END;

-- A bet leaves 'open' exactly once (won, lost or cancelled): a second settlement or a cancellation racing a
-- settlement fails its whole batch, money movements included.
CREATE TRIGGER lottery_sub_orders_close_once BEFORE UPDATE OF status ON lottery_sub_orders
WHEN OLD.status <> 'open'
BEGIN
  SELECT RAISE(ABORT, 'lottery_sub_order_closed');
END;

-- A cancellation only while the draw takes bets.
CREATE TRIGGER lottery_cancel_only_while_open BEFORE UPDATE OF status ON lottery_sub_orders
WHEN NEW.status = 'cancelled' AND NOT EXISTS (
  SELECT 1 FROM lottery_draws d WHERE d.id = NEW.draw_id AND d.status = 'open' AND d.close_at > NEW.closed_at
)
BEGIN
  SELECT RAISE(ABORT, 'lottery_draw_closed');
END;
