/**
 * Demo payment methods and withdrawal settings of the two demo sites (migration 0015_wallet.sql): the built-in
 * demo provider (a hosted payment page, no real money), with the methods' names in Arabic, Chinese and Vietnamese.
 * Inserted only when missing, so an operator's changes (another PSP, other limits) survive a re-seed. Imports only
 * its sibling site-rows.ts (vitest.config.ts loads the seed). `site create --payments demo` gives a new site the
 * same demo method (demoPaymentSetup).
 */
import { paymentRowSets, upsertStatements, type SeedPaymentMethod } from './site-rows.ts';

const BANK_NAMES = { AR: 'تحويل بنكي (تجريبي)', CN: '银行转账（演示）', VI: 'Chuyển khoản ngân hàng (demo)' };

/** The demo bank transfer with these deposit limits (minor units). */
function demoBank(minMinor: number, maxMinor: number, names: Record<string, string>): SeedPaymentMethod {
  return { code: 'DEMO_BANK', provider: 'demo', name: 'Bank transfer (demo)', minMinor, maxMinor, names };
}

/**
 * The payment setup of a test site (`site create --payments demo`, docs/sites.md): the demo bank transfer
 * (deposits 10.00–5,000.00) and withdrawals paid out through it (20.00–2,000.00). No real money moves.
 */
export function demoPaymentSetup(code: string) {
  return { code, methods: [demoBank(1_000, 500_000, BANK_NAMES)], withdraw: { method: 'DEMO_BANK', minMinor: 2_000, maxMinor: 200_000 } };
}

const SITES = [
  {
    code: 'DEMO',
    methods: [
      demoBank(1_000, 500_000, BANK_NAMES),
      { code: 'DEMO_EWALLET', provider: 'demo', name: 'E-wallet (demo)', minMinor: 500, maxMinor: 100_000,
        names: { AR: 'محفظة إلكترونية (تجريبية)', CN: '电子钱包（演示）', VI: 'Ví điện tử (demo)' } },
    ] satisfies SeedPaymentMethod[],
    withdraw: { method: 'DEMO_BANK', minMinor: 2_000, maxMinor: 200_000 },
  },
  { code: 'DEMO2', methods: [demoBank(10_000, 5_000_000, { AR: BANK_NAMES.AR })], withdraw: { method: 'DEMO_BANK', minMinor: 20_000, maxMinor: 2_000_000 } },
];

/** The seed statements (idempotent). */
export function paymentsSeedStatements(): string[] {
  return paymentRowSets(SITES).flatMap(upsertStatements);
}
