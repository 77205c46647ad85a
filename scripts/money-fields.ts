/**
 * Writes contract/money-fields.ts (where each contract call carries money, for the browser's client) from the
 * contract's schemas (contract/money-paths.ts moneyFieldsModule): `npm run money-fields` after a money field is
 * added, moved or removed; tests/unit/contract/money-fields.test.ts says when it is due.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// The contract modules import each other without file extensions (as bundlers resolve them); Node needs them.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.')) throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});

const { allCalls } = await import('../contract/index.ts');
const { moneyFieldsModule } = await import('../contract/money-paths.ts');
const out = fileURLToPath(new URL('../contract/money-fields.ts', import.meta.url));
writeFileSync(out, moneyFieldsModule(allCalls()));
console.log(`wrote ${out}`);
