-- The interface language a member saved (PUT /wps/member/language, platform-contract.md §3 "server-side language",
-- §7.6): one of the codes of src/lib/languageCodes.ts, upper case; NULL until the member saves one.
ALTER TABLE members ADD COLUMN language TEXT;
