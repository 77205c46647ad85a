/** The stored legacy RSA key (migration 0023): its private JWK text and modulus size in bits. */
export interface StoredLegacyKey {
  privateJwk: string;
  modulusBits: number;
}

/** The one stored legacy key (row `current`), or null when none was generated yet. */
export async function readLegacyKey(db: D1Database): Promise<StoredLegacyKey | null> {
  const row = await db
    .prepare(`SELECT private_jwk, modulus_bits FROM legacy_rsa_keys WHERE id = 'current'`)
    .first<{ private_jwk: string; modulus_bits: number }>();
  return row ? { privateJwk: row.private_jwk, modulusBits: row.modulus_bits } : null;
}

/**
 * Stores a generated key as row `current` unless a usable one (at most `maxBits`) is already there: a concurrent
 * isolate's key wins, a key over `maxBits` is replaced. One statement, so every isolate ends up reading one key.
 */
export async function storeLegacyKey(db: D1Database, key: StoredLegacyKey, maxBits: number, now = Date.now()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO legacy_rsa_keys (id, private_jwk, modulus_bits, created_at) VALUES ('current', ?1, ?2, ?3)
       ON CONFLICT (id) DO UPDATE SET private_jwk = excluded.private_jwk, modulus_bits = excluded.modulus_bits,
         created_at = excluded.created_at
       WHERE legacy_rsa_keys.modulus_bits > ?4`,
    )
    .bind(key.privateJwk, key.modulusBits, now, maxBits)
    .run();
}
