/**
 * Demo data (placeholder: merchant only; the catalogue generator replaces this).
 * Self-contained (no relative imports) so that `node scripts/d1.ts seed` can load it directly.
 */
export function demoSeedStatements(): string[] {
  const now = Date.UTC(2026, 0, 1);
  return [
    `INSERT OR IGNORE INTO merchants (code, name, currency, currency_symbol, welcome_bonus_minor, created_at) VALUES ('DEMO', 'PlayDeck Demo', 'USD', '$', 100000, ${now})`,
    `INSERT OR IGNORE INTO merchant_domains (host, merchant_code) VALUES ('127.0.0.1', 'DEMO'), ('localhost', 'DEMO')`,
  ];
}
