-- Phone numbers are now read with each country's own rules (worker/services/phone.ts, libphonenumber-js). Before,
-- only a leading 0 was dropped, so a Russian or Kazakh mobile typed with its trunk prefix 8 was stored as
-- +78XXXXXXXXXX (12 digits, which no +7 number has) instead of +7XXXXXXXXXX. Such numbers are rewritten to the
-- right form, unless that form is already another account's bound number on the same site (then the old row is
-- left as it is: an operator decides, and nothing is merged behind anyone's back). Codes in flight (sms_codes)
-- expire within minutes and are left alone.
UPDATE members
SET mobile_e164 = '+7' || substr(mobile_e164, 4)
WHERE length(mobile_e164) = 13 AND substr(mobile_e164, 1, 3) = '+78' AND substr(mobile_e164, 2) NOT GLOB '*[^0-9]*'
  AND NOT EXISTS (
    SELECT 1 FROM members AS other
    WHERE other.merchant_code = members.merchant_code AND other.mobile_e164 = '+7' || substr(members.mobile_e164, 4)
  );

UPDATE members
SET mobile_pending_e164 = '+7' || substr(mobile_pending_e164, 4)
WHERE length(mobile_pending_e164) = 13 AND substr(mobile_pending_e164, 1, 3) = '+78'
  AND substr(mobile_pending_e164, 2) NOT GLOB '*[^0-9]*';
