-- The back office's money desk (docs/back-office.md "Money"): who decided a withdrawal request, and the indexes the
-- deposits search, the withdrawal queue and history, and the player context's shared-address count read by.
-- Time is UTC epoch milliseconds.

-- The operator who approved or rejected a request: the console operator's username, or `cli:<user>` for the
-- operator command ('' for requests decided before this column existed, and for pending ones).
ALTER TABLE withdrawals ADD COLUMN decided_by TEXT NOT NULL DEFAULT '';

-- A site's deposits and withdrawals by time (search, queue oldest first, history newest first).
CREATE INDEX deposits_by_merchant_time ON deposits (merchant_code, created_at);
CREATE INDEX withdrawals_by_merchant_status ON withdrawals (merchant_code, status, created_at);

-- Accounts of a site registered from one address (the player context's "other accounts sharing an address").
-- members (merchant_code, register_ip) is indexed by 0039_players_back_office.sql (members_by_register_ip).
