-- Accounts: phone logins, SMS codes, remember-me, payload nonces, agents' codes, social and Firebase logins.
-- Money is integer minor units (cents); time is UTC epoch milliseconds.

-- A verified phone in E.164 form (+<dialling code><national number without trunk 0>): the key of SMS login,
-- password reset and Firebase login. NULL for accounts that never proved a phone.
ALTER TABLE members ADD COLUMN mobile_e164 TEXT;
CREATE UNIQUE INDEX members_by_mobile ON members (merchant_code, mobile_e164) WHERE mobile_e164 IS NOT NULL;

-- An agent's invitation (affiliate) code; players registering with it are linked to the agent by referrer_id.
ALTER TABLE members ADD COLUMN affiliate_code TEXT;
ALTER TABLE members ADD COLUMN referrer_id INTEGER REFERENCES members(id);
CREATE UNIQUE INDEX members_by_affiliate_code ON members (merchant_code, affiliate_code) WHERE affiliate_code IS NOT NULL;

-- Country dialling codes (GET /wps/system/country), shared by every merchant.
CREATE TABLE countries (
  country_code TEXT PRIMARY KEY,          -- ISO 3166-1 alpha-2
  dialing_code TEXT NOT NULL,             -- digits only, no '+'
  name TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX countries_by_dialing_code ON countries (dialing_code);

-- One-time SMS codes. Only a hash of the code is kept; a newer code for the same phone and purpose replaces
-- the older one. purpose: 'noLogin' (SMS login, password reset) or 'register'.
CREATE TABLE sms_codes (
  id TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('noLogin', 'register')),
  mobile_e164 TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX sms_codes_by_phone ON sms_codes (merchant_code, purpose, mobile_e164, created_at);

-- Remember-me tokens (30 days, hashed at rest), revoked by password change/reset and logout-all.
CREATE TABLE remember_tokens (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  merchant_code TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX remember_tokens_by_member ON remember_tokens (member_id);

-- Nonces of encrypted request payloads seen recently: a second use is a replay.
CREATE TABLE payload_nonces (
  nonce TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX payload_nonces_by_expiry ON payload_nonces (expires_at);

-- External identity providers per merchant: 'google' and 'facebook' (OAuth 2.0 code flow with PKCE) and
-- 'firebase' (ID tokens; client_id is the Firebase project id). Client secrets are never stored here:
-- client_secret_env names the worker secret that holds it.
CREATE TABLE identity_providers (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  provider TEXT NOT NULL CHECK (provider IN ('google', 'facebook', 'firebase')),
  client_id TEXT NOT NULL,
  client_secret_env TEXT NOT NULL DEFAULT '',
  authorize_url TEXT NOT NULL DEFAULT '',
  token_url TEXT NOT NULL DEFAULT '',
  userinfo_url TEXT NOT NULL DEFAULT '',
  issuer TEXT NOT NULL DEFAULT '',
  jwks_url TEXT NOT NULL DEFAULT '',
  scopes TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (merchant_code, provider)
);

-- Pending social logins: state and PKCE verifier, bound to the browser by a cookie (its hash), 10 minutes.
CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  provider TEXT NOT NULL,
  browser_hash TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Social accounts linked to members.
CREATE TABLE oauth_identities (
  merchant_code TEXT NOT NULL,
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members(id),
  email TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, provider, subject)
);

-- One-time codes that turn a finished social login into a session (POST /wps/session/exchange), 2 minutes.
CREATE TABLE session_exchange_codes (
  code_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  merchant_code TEXT NOT NULL,
  first_time_login INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
