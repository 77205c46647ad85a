-- The built-in API's RSA key of the platform's legacy payload encryption (platform-contract.md §1.6, §7.1) when the
-- deployment has no usable LEGACY_RSA_PRIVATE_KEY secret (local development, or a secret over 1024 bits, which the
-- platform's clients cannot use): one row, generated on first need and shared by every isolate, so the key a client
-- fetched from one isolate decrypts in another. services/legacy-keys.ts describes when it is used and replaced.
CREATE TABLE legacy_rsa_keys (
  id TEXT PRIMARY KEY,
  private_jwk TEXT NOT NULL,
  modulus_bits INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
