-- Accounts sharing an address (docs/back-office.md "Money", player context): the distinct players who logged in from
-- an address of a site, read in index order so a bounded search stops early (worker/db/queries/shared-addresses.ts).
-- It holds member_logins_by_address's columns first, so the player search by address keeps its index.
CREATE INDEX member_logins_by_address_member ON member_logins (merchant_code, address, member_id);
DROP INDEX member_logins_by_address;
