/**
 * Writes contract/money-fields.ts (where each contract call carries money, for the browser's client) from the
 * contract's schemas (contract/money-paths.ts moneyFieldsModule): `npm run money-fields` after a money field is
 * added, moved or removed; tests/unit/contract/money-fields.test.ts says when it is due.
 */
import { writeFileSync } from 'node:fs';
import './extensionless-imports.ts';
import { fileURLToPath } from 'node:url';

const { allCalls } = await import('../contract/index.ts');
const { moneyFieldsModule } = await import('../contract/money-paths.ts');
const out = fileURLToPath(new URL('../contract/money-fields.ts', import.meta.url));
writeFileSync(out, moneyFieldsModule(allCalls()));
console.log(`wrote ${out}`);
