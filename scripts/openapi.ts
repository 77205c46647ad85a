/**
 * Writes the OpenAPI 3.1 document of PlayDeck's API (contract/openapi.ts) to dist/openapi.json, or to the path
 * given as the first argument: `npm run openapi [-- out.json]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, resolve } from 'node:path';

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

const { buildOpenApiDocument } = await import('../contract/openapi.ts');
const out = resolve(process.argv[2] ?? 'dist/openapi.json');
const document = buildOpenApiDocument();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${out}: ${Object.keys(document.paths).length} paths`);
