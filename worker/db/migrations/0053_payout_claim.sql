-- A withdrawal is paid out once (docs/honest-money.md "Payouts happen once"): the minute tick, the player's
-- withdraw page and the back office's approval all settle approved requests. Before calling the payout provider,
-- a settle claims the request (approved, unclaimed or its claim older than the lease) with one UPDATE; only the one
-- whose UPDATE changed the row calls the provider. The claim is cleared when the provider's answer is pending or it
-- could not be reached, so the next tick asks again with the same payout id.
ALTER TABLE withdrawals ADD COLUMN payout_claimed_at INTEGER;
