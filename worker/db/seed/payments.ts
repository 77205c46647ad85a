/**
 * Demo payment methods and withdrawal settings of the two demo sites (migration 0015_wallet.sql): the built-in
 * demo provider (a hosted payment page, no real money), with the methods' names in Arabic, Chinese and Vietnamese.
 * Inserted only when missing, so an operator's changes (another PSP, other limits) survive a re-seed. Imports nothing (vitest.config.ts loads the seed).
 */

/** [merchant, method code, display name, min minor, max minor, sort order]. */
const METHODS: [string, string, string, number, number, number][] = [
  ['DEMO', 'DEMO_BANK', 'Bank transfer (demo)', 1_000, 500_000, 10],
  ['DEMO', 'DEMO_EWALLET', 'E-wallet (demo)', 500, 100_000, 20],
  ['DEMO2', 'DEMO_BANK', 'Bank transfer (demo)', 10_000, 5_000_000, 10],
];

/** [merchant, method code, language, display name]: the demo methods' names in other languages (migration 0025). */
const NAMES: [string, string, string, string][] = [
  ['DEMO', 'DEMO_BANK', 'AR', 'تحويل بنكي (تجريبي)'],
  ['DEMO', 'DEMO_EWALLET', 'AR', 'محفظة إلكترونية (تجريبية)'],
  ['DEMO', 'DEMO_BANK', 'CN', '银行转账（演示）'],
  ['DEMO', 'DEMO_EWALLET', 'CN', '电子钱包（演示）'],
  ['DEMO', 'DEMO_BANK', 'VI', 'Chuyển khoản ngân hàng (demo)'],
  ['DEMO', 'DEMO_EWALLET', 'VI', 'Ví điện tử (demo)'],
  ['DEMO2', 'DEMO_BANK', 'AR', 'تحويل بنكي (تجريبي)'],
];

/** [merchant, payout method, min minor, max minor]. */
const WITHDRAW: [string, string, number, number][] = [
  ['DEMO', 'DEMO_BANK', 2_000, 200_000],
  ['DEMO2', 'DEMO_BANK', 20_000, 2_000_000],
];

function text(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The seed statements (idempotent). */
export function paymentsSeedStatements(): string[] {
  return [
    `INSERT INTO payment_methods (merchant_code, method_code, provider, display_name, min_minor, max_minor, sort_order) VALUES ${
      METHODS.map(([m, code, name, min, max, sort]) => `(${text(m)}, ${text(code)}, 'demo', ${text(name)}, ${min}, ${max}, ${sort})`).join(', ')
    } ON CONFLICT (merchant_code, method_code) DO NOTHING`,
    `INSERT INTO payment_method_names (merchant_code, method_code, language, display_name) VALUES ${
      NAMES.map(([m, code, language, name]) => `(${text(m)}, ${text(code)}, ${text(language)}, ${text(name)})`).join(', ')
    } ON CONFLICT (merchant_code, method_code, language) DO NOTHING`,
    `INSERT INTO withdraw_settings (merchant_code, payout_method, min_minor, max_minor) VALUES ${
      WITHDRAW.map(([m, method, min, max]) => `(${text(m)}, ${text(method)}, ${min}, ${max})`).join(', ')
    } ON CONFLICT (merchant_code) DO NOTHING`,
  ];
}
