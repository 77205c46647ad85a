-- The operator's words in every language (docs/operator-guide.md, "Content in several languages"): an announcement's and a payment method's
-- own columns are the site's default-language text; these rows give other languages their version. A player's
-- language without a row reads the default text (per field: an empty translated body or label keeps the default's).
-- Language codes are those of contract/languageCodes.ts, upper case.

-- One announcement (banner, notice, popup, promotion) in one language: title, rich HTML body (sanitised on import
-- and again on the way out) and label. Replaced per announcement by a content import (a removed file removes it).
CREATE TABLE announcement_translations (
  announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (announcement_id, language)
);

-- A payment method's display name in one language (the deposit page's method list).
CREATE TABLE payment_method_names (
  merchant_code TEXT NOT NULL,
  method_code TEXT NOT NULL,
  language TEXT NOT NULL,
  display_name TEXT NOT NULL,
  PRIMARY KEY (merchant_code, method_code, language),
  FOREIGN KEY (merchant_code, method_code) REFERENCES payment_methods (merchant_code, method_code) ON DELETE CASCADE
);
