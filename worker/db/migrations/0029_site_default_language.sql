-- A site's default language (docs/sites.md; accounts §2 "Default language EN"): the interface language of a
-- visitor whose request names none this site offers (no `?lang=`, cookie, `Language` header or matching
-- Accept-Language). A code of contract/languageCodes.ts, upper case; set by `npm run operator -- site create
-- --language` and `site set language=`.
ALTER TABLE merchants ADD COLUMN default_language TEXT NOT NULL DEFAULT 'EN';
