-- Game providers' rounds in the reports (docs/game-providers.md "Provider rounds in the game record and reports"):
-- the reports read a site's wallet transactions by time, as they read the ledger and the demo rounds
-- (ledger_entries_by_time, demo_rounds_by_time of migration 0043). The game record reads them by member
-- (provider_transactions_by_member) and by round (provider_transactions_by_round), both of migration 0046.
CREATE INDEX provider_transactions_by_time ON provider_transactions (created_at);
