-- A phone number is bound to an account (members.mobile_e164: unique per merchant, used by SMS login and the
-- SMS password reset) only once an SMS code or a Firebase token has proved it. A number typed without proof is
-- kept here: never unique, so it never blocks the number's owner (issue 10, finding 3).
ALTER TABLE members ADD COLUMN mobile_pending_e164 TEXT;
CREATE INDEX members_by_pending_mobile ON members (merchant_code, mobile_pending_e164)
  WHERE mobile_pending_e164 IS NOT NULL;
