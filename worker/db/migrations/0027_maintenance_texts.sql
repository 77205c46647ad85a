-- The operator's own maintenance text per site (player-shell §4 App status "maintenance page"; operator command
-- `maintenance-text`): one row per language (a code of contract/languageCodes.ts, upper case) or '*' for every
-- language without its own. No row: the page's built-in text in the player's language.
CREATE TABLE maintenance_texts (
  merchant_code TEXT NOT NULL REFERENCES merchants (code),
  language TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (merchant_code, language)
);
